import * as Lightbox from "@quotekit/core/Lightbox"
import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from "lit"

/** An image the lightbox shows. */
interface Picture {
  readonly src: string
  readonly alt: string
}

/**
 * The lightbox of `<qk-quote-view>`: the images of the quote's descriptions open in a modal dialog (states and
 * keys from the core's `Lightbox`: Escape, Left, Right, Space, Enter; wrapping at both ends) with Previous, Next,
 * Download and Close. Focus stays in the dialog while it is open (a modal dialog makes the page behind it inert,
 * and Tab cycles through its controls) and returns to the image that opened it. Loaded by the element on the
 * first image opened, so a page without a click on an image never loads it.
 */
export class LightboxController implements ReactiveController {
  state: Lightbox.State = Lightbox.closed
  #pictures: ReadonlyArray<Picture> = []
  #returnTo: HTMLElement | undefined
  readonly #host: ReactiveControllerHost & HTMLElement & { readonly renderRoot: ParentNode }

  constructor(host: ReactiveControllerHost & HTMLElement & { readonly renderRoot: ParentNode }) {
    this.#host = host
    host.addController(this)
  }

  hostConnected(): void {}

  hostUpdated(): void {
    const dialog = this.#dialog()
    if (dialog === null) return
    if (this.state._tag !== "Closed" && !dialog.open) {
      dialog.showModal()
      dialog.querySelector<HTMLElement>("[data-next]")?.focus()
    }
  }

  #dialog(): HTMLDialogElement | null {
    return this.#host.renderRoot.querySelector("dialog.lightbox")
  }

  /** Open on `target`, one of the images of the descriptions. */
  open(target: HTMLImageElement): void {
    const images = [...this.#host.renderRoot.querySelectorAll<HTMLImageElement>(".body img")]
    this.#pictures = images.map((img) => ({ src: img.currentSrc || img.src, alt: img.alt }))
    this.#returnTo = target
    this.#set(Lightbox.open(images.indexOf(target), images.length))
  }

  #set(next: Lightbox.State): void {
    this.state = next
    if (next._tag === "Closed") {
      this.#dialog()?.close()
      this.#returnTo?.focus()
    }
    this.#host.requestUpdate()
  }

  #onKey = (event: KeyboardEvent): void => {
    const target = event.composedPath()[0]
    // Enter or Space on a button or the download link does what that control says.
    if ((event.key === "Enter" || event.key === " ") && target instanceof Element && target.closest("button, a")) return
    if (event.key === "Tab") {
      const controls = [...(this.#dialog()?.querySelectorAll<HTMLElement>("button, a[href]") ?? [])]
      const at = controls.indexOf(target as HTMLElement)
      const to = Lightbox.wrap(at + (event.shiftKey ? -1 : 1), controls.length)
      event.preventDefault()
      controls[to]?.focus()
      return
    }
    const next = Lightbox.onKey(this.state, event.key, this.#pictures.length)
    if (next === undefined) return
    event.preventDefault()
    this.#set(next)
  }

  render(): TemplateResult | typeof nothing {
    const state = this.state
    if (state._tag === "Closed") return nothing
    const count = this.#pictures.length
    const picture = this.#pictures[state.index]
    if (picture === undefined) return nothing
    const loading = state._tag === "Loading"
    const index = state.index
    return html`<dialog
      part="lightbox"
      class="lightbox"
      aria-label=${Lightbox.label(index, count, picture.alt)}
      aria-busy=${loading ? "true" : "false"}
      @keydown=${this.#onKey}
      @cancel=${(e: Event) => {
        e.preventDefault()
        this.#set(Lightbox.closed)
      }}
    >
      <div class="lightbox-bar">
        <span>${index + 1} / ${count}</span>
        <button type="button" @click=${() => this.#set(Lightbox.previous(this.state, count))}>Previous</button>
        <button type="button" data-next @click=${() => this.#set(Lightbox.next(this.state, count))}>Next</button>
        <a href=${picture.src} download>Download</a>
        <button type="button" @click=${() => this.#set(Lightbox.closed)}>Close</button>
      </div>
      ${loading ? html`<p class="message" role="status">Loading…</p>` : nothing}
      <img
        src=${picture.src}
        alt=${picture.alt}
        ?hidden=${loading}
        @load=${() => this.#set(Lightbox.loaded(this.state, index))}
        @error=${() => this.#set(Lightbox.loaded(this.state, index))}
      />
    </dialog>`
  }
}
