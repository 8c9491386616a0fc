import * as Message from "@quotekit/core/Message"
import * as Outcome from "@quotekit/core/Outcome"
import * as Signature from "@quotekit/core/Signature"
import * as Stroke from "@quotekit/core/Stroke"
import { html, LitElement, nothing } from "lit"
import { QkChangeEvent } from "../events/qk-change.ts"
import { QkSignEvent } from "../events/qk-sign.ts"
import { styles } from "./signature-pad.styles.ts"

/** The pad's methods in tab order. */
const METHODS: ReadonlyArray<Signature.Method> = Signature.methods

const LABELS: Readonly<Record<Signature.Method, string>> = {
  draw: Message.signDraw,
  text: Message.signType,
  instruct: Message.signTouchDevice
}

const isMethod = (m: unknown): m is Signature.Method => METHODS.includes(m as Signature.Method)

/** The methods a `methods` attribute names, in tab order; every method when it names none. */
const offeredIn = (methods: string): ReadonlyArray<Signature.Method> => {
  const named = methods.split(/[\s,]+/)
  const offered = METHODS.filter((m) => named.includes(m))
  return offered.length > 0 ? offered : METHODS
}

/**
 * The address of the QR image for a signing room: `/sign/qr/{room parts}`, each part of `room` (separated by
 * `/`) escaped for the path.
 */
const qrPath = (room: string): string =>
  `/sign/qr/${room
    .split("/")
    .filter((p) => p !== "")
    .map(encodeURIComponent)
    .join("/")}`

/**
 * @summary A signature pad with three methods: draw with a finger, pen or mouse, type the signer's name, or sign
 * from a touch device through a QR code. Its value is the core's signature string.
 *
 * @event {QkChangeEvent} qk-change - The value changed through the signer (stroke, Undo, Clear, typing, method
 * switch) or a relayed drawing. `detail: { value, method, isEmpty }`.
 * @event {QkSignEvent} qk-sign - A usable signature was completed (pen lifted, typed name committed, drawing
 * relayed). `detail: { value, method }`.
 *
 * @csspart base - The wrapper of the whole pad.
 * @csspart tabs - The method tab list.
 * @csspart tab - Each method tab; the selected one also has `tab-selected`.
 * @csspart panel - Each method's panel.
 * @csspart area - The 600:250 signing area (drawing, typed name or QR code).
 * @csspart canvas - The drawing canvas.
 * @csspart actions - The row of Undo and Clear.
 * @csspart button - Undo and Clear; also `undo` and `clear`.
 * @csspart label - The label of the name field.
 * @csspart input - The name field of the Type method.
 * @csspart typed - The typed name shown in a script face.
 * @csspart qr - The QR code image.
 * @csspart hint - The instruction under the QR code.
 *
 * @cssproperty --qk-color-primary - Selected tab and focus ring colour.
 * @cssproperty --qk-color-on-primary - Text on the selected tab.
 * @cssproperty --qk-color-text - Text colour.
 * @cssproperty --qk-color-muted - Colour of hints.
 * @cssproperty --qk-color-border - Borders and the signing line.
 * @cssproperty --qk-color-surface - Background of buttons and fields.
 * @cssproperty --qk-color-focus - Focus ring colour (defaults to the primary colour).
 * @cssproperty --qk-font-family - Font of labels and buttons.
 * @cssproperty --qk-font-size - Base font size.
 * @cssproperty --qk-radius - Corner radius.
 * @cssproperty --qk-spacing - Base spacing unit.
 * @cssproperty --qk-signature-ink - Ink colour of drawn and typed signatures.
 * @cssproperty --qk-signature-background - Background of the signing area.
 * @cssproperty --qk-signature-font - Script face of typed signatures.
 */
export class QkSignaturePad extends LitElement {
  static override styles = styles

  static override properties = {
    name: { type: String },
    method: { type: String, reflect: true },
    methods: { type: String },
    room: { type: String },
    qrSrc: { type: String, attribute: "qr-src" },
    disabled: { type: Boolean, reflect: true },
    readonly: { type: Boolean, reflect: true },
    value: { type: String, noAccessor: true }
  }

  /** The signer's full name: the typed signature of the Type method (and what the name field shows). */
  declare name: string
  /** The signing method: `draw`, `text` (typed) or `instruct` (a touch device through a QR code). */
  declare method: Signature.Method
  /**
   * The methods offered, separated by spaces (`draw text instruct` when empty or naming none). With one method
   * there are no tabs: `methods="draw"` is a plain drawing pad (the phone signing page).
   */
  declare methods: string
  /** The signing room's id parts, separated by `/`: the QR image is `/sign/qr/{room parts}`. */
  declare room: string
  /** The QR image's full address, when the page serves it elsewhere; wins over `room`. */
  declare qrSrc: string
  /** Nothing can be signed or changed, and the controls are disabled. */
  declare disabled: boolean
  /** The signature is shown but cannot be changed. */
  declare readonly: boolean

  #strokes: Array<Array<Stroke.Point>> = []
  #pen: Stroke.Pen | undefined
  #pointerId = -1
  #rect: DOMRect | undefined
  #canvas: HTMLCanvasElement | null = null
  #resizeObserver: ResizeObserver | undefined
  #pixelRatioQuery: MediaQueryList | undefined
  #needsRedraw = false
  #lastEmitted = ""

  constructor() {
    super()
    this.name = ""
    this.method = "draw"
    this.methods = ""
    this.room = ""
    this.qrSrc = ""
    this.disabled = false
    this.readonly = false
  }

  /**
   * The signature in the core's single-string form (`Signature.toWire`): drawn data as compact hex, a typed name
   * as `typed:` and the name, or "" when the current method holds no usable signature (the QR method always, until
   * a drawing arrives). Set it to restore a signature; a value that does not decode is ignored.
   */
  get value(): string {
    const method = this.#method()
    if (method === "draw") return Signature.encode(this.#strokes)
    if (method === "text") {
      const typed = Signature.typed(this.name)
      return Outcome.isSuccess(typed) ? Signature.toWire(typed.success) : ""
    }
    return ""
  }

  set value(value: string) {
    const old = this.value
    if (value === "" || value == null) {
      this.#strokes = []
      this.name = ""
    } else {
      const decoded = Signature.fromWire(value)
      if (Outcome.isFailure(decoded)) return
      const signature = decoded.success
      if (signature._tag === "Drawn") {
        this.#strokes = signature.strokes.map((s) => [...s])
        this.method = "draw"
      } else {
        this.name = signature.name
        this.method = "text"
      }
    }
    this.#lastEmitted = this.#stateKey()
    this.#redraw()
    this.requestUpdate("value", old)
  }

  /** Whether the pad holds no usable signature in its current method. */
  get isEmpty(): boolean {
    return this.value === ""
  }

  /** Remove the last stroke of the drawing. */
  undo(): void {
    if (this.#strokes.length === 0) return
    this.#strokes.pop()
    this.#redraw()
    this.#changed(false)
  }

  /** Remove the whole drawing. */
  clear(): void {
    if (this.#strokes.length === 0) return
    this.#strokes = []
    this.#redraw()
    this.#changed(false)
  }

  /**
   * Take a signature relayed live from a touch device (the core's single-string form). A drawing returns the
   * method to draw, a typed name to type. Returns false, changing nothing, when the value does not decode.
   */
  receiveRemote(value: string): boolean {
    const decoded = Signature.fromWire(value)
    if (Outcome.isFailure(decoded)) return false
    const signature = decoded.success
    if (signature._tag === "Drawn") {
      this.#strokes = signature.strokes.map((s) => [...s])
      this.method = "draw"
    } else {
      this.name = signature.name
      this.method = "text"
    }
    this.#redraw()
    this.#changed(true)
    return true
  }

  override connectedCallback(): void {
    super.connectedCallback()
    if (this.#canvas) this.#observe(this.#canvas)
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.#resizeObserver?.disconnect()
    this.#pixelRatioQuery?.removeEventListener("change", this.#onPixelRatioChange)
    this.#pixelRatioQuery = undefined
  }

  protected override firstUpdated(): void {
    this.#canvas = this.renderRoot.querySelector("canvas")
    if (this.#canvas) this.#observe(this.#canvas)
    this.#lastEmitted = this.#stateKey()
  }

  protected override updated(): void {
    // A drawing set while its panel was hidden could not be sized; draw it now the panel shows.
    if (this.#needsRedraw) this.#redraw()
  }

  protected override render() {
    const method = this.#method()
    const offered = offeredIn(this.methods)
    const locked = this.disabled || this.readonly
    // One method needs no tabs, and its panel is then no tab panel.
    const tabbed = offered.length > 1
    const panel = (m: Signature.Method) => ({
      role: tabbed ? "tabpanel" : nothing,
      labelledBy: tabbed ? `tab-${m}` : nothing
    })
    return html`<div part="base">
      <div
        part="tabs"
        class="tabs"
        role="tablist"
        aria-label=${Message.signMethods}
        ?hidden=${!tabbed}
        @keydown=${this.#onTabKey}
      >
        ${offered.map((m) => {
          const selected = m === method
          return html`<button
            part=${selected ? "tab tab-selected" : "tab"}
            class="tab"
            id="tab-${m}"
            role="tab"
            type="button"
            aria-selected=${selected ? "true" : "false"}
            aria-controls="panel-${m}"
            aria-disabled=${this.readonly ? "true" : nothing}
            tabindex=${selected ? 0 : -1}
            ?disabled=${this.disabled}
            @click=${() => this.#select(m)}
          >
            ${LABELS[m]}
          </button>`
        })}
      </div>
      <div
        part="panel"
        id="panel-draw"
        role=${panel("draw").role}
        aria-labelledby=${panel("draw").labelledBy}
        ?hidden=${method !== "draw"}
      >
        <div part="area" class="area">
          <canvas
            part="canvas"
            role="img"
            aria-label=${this.#strokes.length === 0 ? Message.signArea : Message.signAreaSigned}
            @pointerdown=${this.#onPointerDown}
            @pointermove=${this.#onPointerMove}
            @pointerup=${this.#onPointerUp}
            @pointercancel=${this.#onPointerUp}
            @lostpointercapture=${this.#onPointerUp}
          ></canvas>
          <div class="line" aria-hidden="true"></div>
        </div>
        <div part="actions" class="actions" ?hidden=${this.readonly}>
          <button part="button undo" type="button" ?disabled=${locked || this.#strokes.length === 0} @click=${this.undo}>
            ${Message.signUndo}
          </button>
          <button part="button clear" type="button" ?disabled=${locked || this.#strokes.length === 0} @click=${this.clear}>
            ${Message.signClear}
          </button>
        </div>
      </div>
      <div
        part="panel"
        id="panel-text"
        role=${panel("text").role}
        aria-labelledby=${panel("text").labelledBy}
        ?hidden=${method !== "text"}
      >
        <label part="label" for="name">${Message.signTypeName}</label>
        <input
          part="input"
          id="name"
          type="text"
          autocomplete="name"
          spellcheck="false"
          maxlength=${Signature.TYPED_NAME_MAX}
          .value=${this.name}
          ?disabled=${this.disabled}
          ?readonly=${this.readonly}
          @input=${this.#onNameInput}
          @change=${this.#onNameCommit}
        />
        <div part="area typed" class="area typed" aria-hidden="true">${Signature.normalizeName(this.name)}</div>
      </div>
      <div
        part="panel"
        id="panel-instruct"
        role=${panel("instruct").role}
        aria-labelledby=${panel("instruct").labelledBy}
        ?hidden=${method !== "instruct"}
      >
        <div part="area" class="area qr">
          ${this.#qrSrc() === "" ? nothing : html`<img part="qr" src=${this.#qrSrc()} alt=${Message.signQrAlt} />`}
          <p part="hint" class="hint">${Message.signScanQr}</p>
        </div>
      </div>
    </div>`
  }

  /** The method in use: the one set when it is offered, else the first offered. */
  #method(): Signature.Method {
    const offered = offeredIn(this.methods)
    return isMethod(this.method) && offered.includes(this.method) ? this.method : offered[0]!
  }

  #qrSrc(): string {
    return this.qrSrc !== "" ? this.qrSrc : this.room !== "" ? qrPath(this.room) : ""
  }

  /** The state `qk-change` reports on, so an event fires only when the value or the method really changed. */
  #stateKey(): string {
    return `${this.#method()}|${this.value}`
  }

  #changed(sign: boolean): void {
    const key = this.#stateKey()
    const value = this.value
    const method = this.#method()
    if (key !== this.#lastEmitted) {
      this.#lastEmitted = key
      this.requestUpdate()
      this.dispatchEvent(new QkChangeEvent({ value, method, isEmpty: value === "" }))
    }
    if (sign && value !== "") this.dispatchEvent(new QkSignEvent({ value, method }))
  }

  #select(method: Signature.Method): void {
    if (this.disabled || this.readonly || method === this.#method()) return
    this.method = method
    this.#changed(false)
  }

  #onTabKey = (event: KeyboardEvent): void => {
    const offered = offeredIn(this.methods)
    const focused = offered.indexOf((event.target as HTMLElement).id.slice("tab-".length) as Signature.Method)
    const current = focused >= 0 ? focused : offered.indexOf(this.#method())
    const n = offered.length
    const next =
      event.key === "ArrowRight" || event.key === "ArrowDown"
        ? (current + 1) % n
        : event.key === "ArrowLeft" || event.key === "ArrowUp"
          ? (current + n - 1) % n
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? n - 1
              : -1
    if (next < 0) return
    event.preventDefault()
    const method = offered[next]!
    this.#select(method)
    // Focus follows the keys even when the pad is read-only, so every tab can still be read.
    this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(`#tab-${method}`)?.focus())
  }

  #onNameInput = (event: Event): void => {
    this.name = (event.target as HTMLInputElement).value
    this.#changed(false)
  }

  #onNameCommit = (): void => {
    this.#changed(true)
  }

  // --- drawing ---

  #observe(canvas: HTMLCanvasElement): void {
    this.#resizeObserver ??= new ResizeObserver(() => this.#redraw())
    this.#resizeObserver.observe(canvas)
    this.#watchPixelRatio()
  }

  /** Redraw sharp when the screen's pixel ratio changes (zoom, another monitor), which resizes nothing. */
  #watchPixelRatio(): void {
    this.#pixelRatioQuery?.removeEventListener("change", this.#onPixelRatioChange)
    this.#pixelRatioQuery = matchMedia(`(resolution: ${devicePixelRatio}dppx)`)
    this.#pixelRatioQuery.addEventListener("change", this.#onPixelRatioChange)
  }

  #onPixelRatioChange = (): void => {
    this.#redraw()
    this.#watchPixelRatio()
  }

  /** Size the canvas backing store for its laid-out width and the screen, then draw every stroke again. */
  #redraw(): void {
    const canvas = this.#canvas
    const width = canvas?.clientWidth ?? 0
    const ctx = width > 0 ? canvas?.getContext("2d") : undefined
    this.#needsRedraw = !ctx
    if (!canvas || !ctx) return
    const scale = Stroke.scaleFor(width, devicePixelRatio)
    const size = Stroke.canvasSize(scale)
    if (canvas.width !== size.width || canvas.height !== size.height) {
      canvas.width = size.width
      canvas.height = size.height
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0)
    ctx.clearRect(0, 0, canvas.width, canvas.height)
    const k = Stroke.canvasFactor(scale)
    ctx.setTransform(k, 0, 0, k, 0, 0)
    ctx.lineCap = "round"
    ctx.lineJoin = "round"
    const ink = getComputedStyle(canvas).color
    ctx.strokeStyle = ink
    ctx.fillStyle = ink
    for (const stroke of this.#strokes) {
      if (stroke.length === 1) drawDot(ctx, stroke[0]!)
      else for (const curve of Stroke.curves(stroke)) drawCurve(ctx, curve)
    }
  }

  #toArea(event: PointerEvent, rect: DOMRect): Stroke.Point {
    const scale = Stroke.scaleFor(rect.width, devicePixelRatio)
    return Stroke.toArea(scale, event.clientX - rect.left, event.clientY - rect.top, event.timeStamp)
  }

  /** Whether one more point (starting a stroke or not) keeps the data within the core's limit. */
  #fits(newStroke: boolean): boolean {
    const extra = Signature.POINT_LENGTH + (newStroke && this.#strokes.length > 0 ? Signature.STROKE_BREAK.length : 0)
    return Signature.dataLength(this.#strokes) + extra <= Signature.DATA_LIMIT
  }

  #onPointerDown = (event: PointerEvent): void => {
    const canvas = this.#canvas
    if (!canvas || this.disabled || this.readonly || this.#pen !== undefined) return
    if (event.pointerType === "mouse" && event.button !== 0) return
    event.preventDefault()
    if (!this.#fits(true)) return
    try {
      canvas.setPointerCapture(event.pointerId)
    } catch {
      // A pointer the browser does not track (a synthetic event) cannot be captured; drawing works without it.
    }
    this.#rect = canvas.getBoundingClientRect()
    const point = this.#toArea(event, this.#rect)
    this.#pen = Stroke.begin(point)
    this.#pointerId = event.pointerId
    this.#strokes.push([point])
    const ctx = canvas.getContext("2d")
    if (ctx) drawDot(ctx, point)
  }

  #onPointerMove = (event: PointerEvent): void => {
    const rect = this.#rect
    if (this.#pen === undefined || event.pointerId !== this.#pointerId || !rect) return
    event.preventDefault()
    const stroke = this.#strokes[this.#strokes.length - 1]!
    const ctx = this.#canvas?.getContext("2d")
    const samples = event.getCoalescedEvents?.() ?? []
    for (const sample of samples.length > 0 ? samples : [event]) {
      if (!this.#fits(false)) break
      const step = Stroke.move(this.#pen, this.#toArea(sample, rect))
      if (!step.accepted) continue
      this.#pen = step.pen
      stroke.push(step.point)
      if (step.curve && ctx) drawCurve(ctx, step.curve)
    }
  }

  #onPointerUp = (event: PointerEvent): void => {
    if (this.#pen === undefined || event.pointerId !== this.#pointerId) return
    this.#pen = undefined
    this.#pointerId = -1
    // Draw the finished stroke exactly as a stored signature re-renders (last curve included, no stray dot).
    this.#redraw()
    this.#changed(true)
  }
}

const drawCurve = (ctx: CanvasRenderingContext2D, c: Stroke.Curve): void => {
  ctx.beginPath()
  ctx.moveTo(c.start.x, c.start.y)
  ctx.bezierCurveTo(c.c1.x, c.c1.y, c.c2.x, c.c2.y, c.end.x, c.end.y)
  ctx.lineWidth = Stroke.inkWidth(c)
  ctx.stroke()
}

const drawDot = (ctx: CanvasRenderingContext2D, p: Stroke.Position): void => {
  ctx.beginPath()
  ctx.arc(p.x, p.y, Stroke.defaults.dotSize, 0, 2 * Math.PI)
  ctx.fill()
}
