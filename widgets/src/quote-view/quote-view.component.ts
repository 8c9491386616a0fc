import * as ContactChoice from "@quotekit/core/ContactChoice"
import * as Lightbox from "@quotekit/core/Lightbox"
import * as LineItem from "@quotekit/core/LineItem"
import * as Markup from "@quotekit/core/Markup"
import * as Message from "@quotekit/core/Message"
import * as Money from "@quotekit/core/Money"
import * as NumberInput from "@quotekit/core/NumberInput"
import * as Outcome from "@quotekit/core/Outcome"
import * as PrivatePricing from "@quotekit/core/PrivatePricing"
import * as PublicQuote from "@quotekit/core/PublicQuote"
import * as QuoteStatus from "@quotekit/core/QuoteStatus"
import type * as QuoteTotals from "@quotekit/core/QuoteTotals"
import * as SubscriptionTerm from "@quotekit/core/SubscriptionTerm"
import type * as TaxMode from "@quotekit/core/TaxMode"
import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from "lit"
import { unsafeHTML } from "lit/directives/unsafe-html.js"
import { QkSelectionChangeEvent, type QkSelectionTotals } from "../events/qk-selection-change.ts"
import type { LightboxController } from "./quote-view.lightbox.ts"
import { styles } from "./quote-view.styles.ts"

const quantityPreset = NumberInput.presets.editableQuantity

/** Where the element is: nothing to show yet, fetching `src`, showing a quote, or unable to. */
type Load =
  | { readonly _tag: "Empty" }
  | { readonly _tag: "Loading" }
  | { readonly _tag: "Failed"; readonly message: string; readonly detail: string }
  | { readonly _tag: "Ready" }

type Totals = QuoteTotals.FixedTotals
type GroupTotals = Totals["upFront"]
type ItemTotals = Totals["items"][number]

/** A group's figures as decimal strings, for `qk-selection-change`. */
const groupWire = (g: GroupTotals): QkSelectionTotals => ({
  key: g.key,
  subtotal: Money.toFixed(g.subtotal, Money.AMOUNT_SCALE),
  discount: Money.toFixed(g.discount, Money.AMOUNT_SCALE),
  tax: Money.toFixed(g.tax, Money.AMOUNT_SCALE),
  total: Money.toFixed(g.total, Money.AMOUNT_SCALE)
})

/** The label of one tax line: added on top, included in the prices, or listed but left out of the total. */
const taxLabel = (mode: TaxMode.TaxMode, taxWord: string, rate: Money.Fixed): string => {
  const r = PublicQuote.formatNumber(rate)
  return mode === "inclusive"
    ? Message.taxIncluded(taxWord, r)
    : mode === "exclusive_excluding"
      ? Message.taxNotIncluded(taxWord, r)
      : Message.taxAdded(taxWord, r)
}

const notices: Partial<Record<QuoteStatus.QuoteStatus, string>> = {
  accepted: Message.quoteAcceptedNotice,
  declined: Message.quoteDeclinedNotice,
  expired: Message.quoteExpiredNotice,
  withdrawn: Message.quoteWithdrawnNotice
}

/**
 * @summary A quote as its customer sees it: items with their descriptions, prices as the quote's private pricing
 * allows, subtotals and totals per tax mode (up front and per subscription), with optional items to tick,
 * multiple-choice options to pick and quantities to edit where allowed; totals follow every change.
 *
 * @event {QkSelectionChangeEvent} qk-selection-change - The customer changed an option or a quantity.
 * `detail: { items: [{ quote_item_id, selected, contact_selected, quantity }], upFront, subscriptions, deposit }`
 * with every figure a decimal string computed by the core.
 *
 * @csspart base - The wrapper of the quote.
 * @csspart header - The title, number and status.
 * @csspart title - The quote's title.
 * @csspart status - The status badge (accepted, declined, expired, withdrawn).
 * @csspart notice - The message about the quote's status.
 * @csspart message - The loading message.
 * @csspart error - The message shown when the quote cannot be loaded or read.
 * @csspart items - The list of rows.
 * @csspart item - Each row; also `item-price`, `item-text` and `item-subtotal` by type, `item-selected` or
 * `item-unselected` on options.
 * @csspart item-code - An item's code.
 * @csspart item-title - An item's title.
 * @csspart item-body - An item's description.
 * @csspart choice - The checkbox or radio button of an optional item.
 * @csspart lightbox - The dialog showing a description's image large (Previous, Next, Download, Close).
 * @csspart price - An item's quantity, unit price and line total.
 * @csspart quantity-input - The quantity field where the customer may edit it.
 * @csspart line-total - An item's line total.
 * @csspart totals - The totals block (at the quote's total row).
 * @csspart total-row - Each row of the totals.
 * @csspart total - The total row of each group (up front and each subscription).
 * @csspart deposit - The deposit row.
 *
 * @cssproperty --qk-color-primary - Accents: checkboxes, radios, links and the focus ring.
 * @cssproperty --qk-color-text - Text colour.
 * @cssproperty --qk-color-muted - Secondary text: codes, terms, hints, unselected options.
 * @cssproperty --qk-color-border - Field borders.
 * @cssproperty --qk-color-divider - Lines between rows.
 * @cssproperty --qk-color-surface - Field background.
 * @cssproperty --qk-color-notice - Background of status and loading messages.
 * @cssproperty --qk-color-danger - Error text.
 * @cssproperty --qk-color-danger-surface - Error background.
 * @cssproperty --qk-color-link - Links in descriptions.
 * @cssproperty --qk-color-focus - Focus ring colour.
 * @cssproperty --qk-color-heading - Headings (the title, item titles); an account's quote appearance sets it.
 * @cssproperty --qk-font-family - Font.
 * @cssproperty --qk-font-size - Base font size.
 * @cssproperty --qk-radius - Corner radius.
 * @cssproperty --qk-spacing - Base spacing unit.
 */
export class QkQuoteView extends LitElement {
  static override styles = styles

  static override properties = {
    data: {},
    src: { type: String },
    status: { type: String },
    readonly: { type: Boolean, reflect: true },
    _load: { state: true },
    _quote: { state: true },
    _typed: { state: true }
  }

  /**
   * The quote's public data (`PublicQuote`): an object as JSON parses it, or JSON text (the `data` attribute).
   * Read with the core's `PublicQuote.parse` (the schema's checks, without the Schema runtime); anything malformed
   * shows the error state.
   */
  declare data: unknown
  /** Address to fetch the quote's public data from (JSON), used when `data` is not given. */
  declare src: string
  /** The quote's status, when the page knows it better than the data (accepted, declined, expired, withdrawn...). */
  declare status: string
  /** Show the quote without letting the customer change options or quantities. */
  declare readonly: boolean
  /** @internal Where loading stands. */
  declare _load: Load
  /** @internal The quote with the customer's changes; undefined until data is decoded. */
  declare _quote: PublicQuote.Plain | undefined
  /** @internal Quantity texts being typed, by row index, until committed. */
  declare _typed: ReadonlyMap<number, string>

  #totals: Totals | undefined
  #fetch: AbortController | undefined
  #lightbox: LightboxController | undefined

  /** Open the lightbox on a description's image clicked, or focused with Enter or Space (loaded on first use). */
  #openImage = (event: Event): void => {
    const target = event.composedPath()[0]
    if (!(target instanceof HTMLImageElement) || target.closest(".body") === null) return
    if (event instanceof KeyboardEvent && event.key !== "Enter" && event.key !== " ") return
    event.preventDefault()
    void import("./quote-view.lightbox.ts").then(({ LightboxController }) => {
      this.#lightbox ??= new LightboxController(this)
      this.#lightbox.open(target)
    })
  }

  constructor() {
    super()
    this.data = undefined
    this.src = ""
    this.status = ""
    this.readonly = false
    this._load = { _tag: "Empty" }
    this._quote = undefined
    this._typed = new Map()
  }

  /** The quote with the customer's current choices and quantities (the core's `PublicQuote`), once loaded. */
  get quote(): PublicQuote.Plain | undefined {
    return this._quote
  }

  /** The current selections, quantities and totals, as `qk-selection-change` reports them. */
  get selection(): QkSelectionChangeEvent["detail"] | undefined {
    const quote = this._quote
    if (!quote) return undefined
    const totals = this.#totals ?? PublicQuote.totalsFixed(quote)
    return {
      items: PublicQuote.choices(quote).map((c) => ({
        quote_item_id: c.quote_item_id,
        selected: c.selected,
        contact_selected: c.contact_selected,
        quantity: Money.toFixed(c.quantity, Money.UNIT_SCALE)
      })),
      upFront: groupWire(totals.upFront),
      subscriptions: totals.subscriptions.map(groupWire),
      deposit: Money.toFixed(totals.deposit, Money.AMOUNT_SCALE)
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.#fetch?.abort()
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has("data") && this.data !== undefined && this.data !== null && this.data !== "") {
      this.#fetch?.abort()
      this.#accept(this.data)
    } else if (changed.has("src") && this.src !== "" && (this.data === undefined || this.data === "")) {
      this.#load(this.src)
    }
    if (changed.has("_quote")) this.#totals = this._quote ? PublicQuote.totalsFixed(this._quote) : undefined
  }

  /** Decode public data (JSON text or parsed); on failure show the error state, and say why in the console. */
  #accept(input: unknown): void {
    let parsed = input
    if (typeof input === "string") {
      try {
        parsed = JSON.parse(input)
      } catch (e) {
        this.#fail(Message.unexpectedResponse, String(e))
        return
      }
    }
    const decoded = PublicQuote.parse(parsed)
    if (Outcome.isFailure(decoded)) {
      this.#fail(Message.unexpectedResponse, decoded.failure.message)
      return
    }
    this._typed = new Map()
    this._quote = decoded.success
    this._load = { _tag: "Ready" }
  }

  #fail(message: string, detail: string): void {
    console.warn(`<qk-quote-view>: ${detail}`)
    this._quote = undefined
    this._load = { _tag: "Failed", message, detail }
  }

  async #load(src: string): Promise<void> {
    this.#fetch?.abort()
    const controller = new AbortController()
    this.#fetch = controller
    this._load = { _tag: "Loading" }
    let body: unknown
    try {
      const response = await fetch(src, {
        headers: { accept: "application/json" },
        credentials: "same-origin",
        signal: controller.signal
      })
      if (!response.ok) {
        const message = response.status === 404 ? Message.quoteNotFound : Message.unexpectedResponse
        this.#fail(message, `${src} answered ${response.status}`)
        return
      }
      body = await response.json()
    } catch (e) {
      if (!controller.signal.aborted) this.#fail(Message.loadFailed, String(e))
      return
    }
    if (!controller.signal.aborted) this.#accept(body)
  }

  #status(quote: PublicQuote.Plain): QuoteStatus.QuoteStatus | undefined {
    return QuoteStatus.is(this.status) ? this.status : quote.status
  }

  /** Apply a customer change; when it changed anything, report the new selections and totals. */
  #change(next: PublicQuote.Plain): void {
    if (next === this._quote) return
    this._quote = next
    this.#totals = PublicQuote.totalsFixed(next)
    const detail = this.selection
    if (detail) this.dispatchEvent(new QkSelectionChangeEvent(detail))
  }

  #onChoice(index: number, event: Event): void {
    const quote = this._quote
    if (quote) this.#change(PublicQuote.choose(quote, index, (event.target as HTMLInputElement).checked))
  }

  #onQuantityInput(index: number, event: Event): void {
    const quote = this._quote
    if (!quote) return
    const typed = (event.target as HTMLInputElement).value
    this._typed = new Map(this._typed).set(index, typed)
    const evaluation = NumberInput.evaluateFixed(typed, quantityPreset)
    if (Outcome.isSuccess(evaluation))
      this.#change(PublicQuote.setQuantityFixed(quote, index, evaluation.success.value))
  }

  #onQuantityCommit(index: number, event: Event): void {
    const quote = this._quote
    if (!quote) return
    if (event instanceof KeyboardEvent && event.key !== "Enter") return
    const input = event.target as HTMLInputElement
    const evaluation = NumberInput.finaliseFixed(input.value, quantityPreset)
    if (Outcome.isFailure(evaluation)) return
    const next = PublicQuote.setQuantityFixed(quote, index, evaluation.success.value)
    const typed = new Map(this._typed)
    typed.delete(index)
    this._typed = typed
    // The field shows the committed quantity again, even when the value did not change ("02" becomes "2").
    input.value = NumberInput.format(next.publicItems[index]!.quantity, quantityPreset)
    this.#change(next)
  }

  protected override render() {
    const load = this._load
    const quote = this._quote
    if (load._tag === "Loading") return html`<p part="message" class="message" role="status">${Message.loading}</p>`
    if (load._tag === "Failed")
      return html`<div part="error" class="message error" role="alert">
        <strong>${load.message}</strong> ${Message.tryLater}
      </div>`
    if (load._tag === "Empty" || !quote || !this.#totals) return nothing
    const status = this.#status(quote)
    const notice = status ? notices[status] : undefined
    return html`<article part="base" aria-labelledby="title" @click=${this.#openImage} @keydown=${this.#openImage}>
      <header part="header" class="header">
        <h2 part="title" id="title">${quote.title.trim() === "" ? Message.untitled : quote.title}</h2>
        ${quote.quote_no === undefined ? nothing : html`<span class="number">#${quote.quote_no}</span>`}
        ${notice && status ? html`<span part="status" class="badge">${QuoteStatus.label(status)}</span>` : nothing}
      </header>
      ${notice ? html`<p part="notice" class="notice" role="status">${notice}</p>` : nothing}
      ${PublicQuote.showsContent(status) ? this.#items(quote, this.#totals, status) : nothing}
      ${this.#lightbox?.render() ?? nothing}
    </article>`
  }

  /** The descriptions' images open larger: each is a labelled button in the tab order. */
  protected override updated(): void {
    const images = [...this.renderRoot.querySelectorAll<HTMLImageElement>(".body img")]
    images.forEach((img, i) => {
      img.tabIndex = 0
      img.setAttribute("role", "button")
      img.setAttribute("aria-label", `${Lightbox.label(i, images.length, img.alt)} (open larger)`)
    })
  }

  #items(quote: PublicQuote.Plain, totals: Totals, status: QuoteStatus.QuoteStatus | undefined): TemplateResult {
    const open = PublicQuote.acceptsChanges(status) && !this.readonly
    const selected = ContactChoice.selection(quote.publicItems)
    const groupOf = new Map<number, number>()
    for (const g of ContactChoice.radioGroups(quote.publicItems))
      for (let i = g.start; i < g.end; i++) groupOf.set(i, g.start)
    let totalsShown = false
    const rows = quote.publicItems.map((item, i) => {
      switch (item.item_type) {
        case LineItem.ItemType.price:
          return this.#priceRow(quote, totals.items[i]!, item, i, selected[i] === true, groupOf.get(i), open)
        case LineItem.ItemType.subtotal:
          return this.#subtotalRow(quote, totals.items[i]!, item)
        case LineItem.ItemType.total:
          totalsShown = true
          return this.#totalsBlock(quote, totals)
        default:
          return html`<li part="item item-text" class="item">
            <div class="text">${this.#title(item, i)}${this.#body(item)}</div>
          </li>`
      }
    })
    // A quote always ends with its total row; data without one still shows its totals.
    return html`<ol part="items" class="items">
      ${rows}${totalsShown ? nothing : this.#totalsBlock(quote, totals)}
    </ol>`
  }

  #title(item: PublicQuote.PlainItem, index: number): TemplateResult | typeof nothing {
    return item.item_title === "" ? nothing : html`<h3 part="item-title" id="title-${index}">${item.item_title}</h3>`
  }

  #body(item: PublicQuote.PlainItem): TemplateResult | typeof nothing {
    // The core's Markup renderer escapes every text and allows only a fixed set of elements, attributes and
    // address schemes, so its output is trusted HTML here; nothing else is ever inserted unescaped.
    return item.item_body === ""
      ? nothing
      : html`<div part="item-body" class="body">${unsafeHTML(Markup.toHtml(item.item_body))}</div>`
  }

  #priceRow(
    quote: PublicQuote.Plain,
    figures: ItemTotals,
    item: PublicQuote.PlainItem,
    index: number,
    selected: boolean,
    radioGroup: number | undefined,
    open: boolean
  ): TemplateResult {
    const bits = quote.private_pricing
    const optional = ContactChoice.isOptional(item.contact_choice)
    const radio = ContactChoice.isRadio(item.contact_choice)
    const state = optional ? (selected ? " item-selected" : " item-unselected") : ""
    const showCode = PrivatePricing.shows(bits, "itemCode") && item.item_code !== ""
    const term = SubscriptionTerm.isSubscription(item) ? SubscriptionTerm.describe(item) : ""
    const label = item.item_title === "" ? Message.optionalItem : undefined
    return html`<li part="item item-price${state}" class="item ${optional ? "choosable" : ""} ${optional && !selected ? "unselected" : ""}">
      ${
        optional
          ? html`<div class="control">
            <input
              part="choice"
              id="choice-${index}"
              type=${radio ? "radio" : "checkbox"}
              name=${radio ? `group-${radioGroup ?? index}` : nothing}
              .checked=${selected}
              ?disabled=${!open}
              aria-labelledby=${label === undefined ? `title-${index}` : nothing}
              aria-label=${label ?? nothing}
              @change=${(e: Event) => this.#onChoice(index, e)}
            />
          </div>`
          : nothing
      }
      <div class="text">
        ${showCode ? html`<span part="item-code" class="code">${item.item_code}</span>` : nothing}
        ${this.#title(item, index)}
        ${optional && !radio ? html`<span class="optional">${Message.optionalItem}</span>` : nothing}
        ${this.#body(item)}
      </div>
      ${
        PrivatePricing.showsAnyPrice(bits)
          ? html`<div part="price" class="price">
            ${PrivatePricing.shows(bits, "unitQuantity") ? this.#quantity(quote, item, index, open) : nothing}
            ${
              PrivatePricing.shows(bits, "priceTotal")
                ? html`<span part="line-total" class="line-total">${PublicQuote.formatAmount(quote, figures.iTotalLine)}</span>`
                : nothing
            }
            ${term === "" ? nothing : html`<span class="term">${term}</span>`}
          </div>`
          : nothing
      }
    </li>`
  }

  #quantity(quote: PublicQuote.Plain, item: PublicQuote.PlainItem, index: number, open: boolean): TemplateResult {
    const unit = PublicQuote.formatUnitPrice(quote, item.price_unit)
    if (!open || !PublicQuote.isQuantityEditable(quote, item))
      return html`<span class="qty">${PublicQuote.formatQuantity(item)} × ${unit}</span>`
    const typed = this._typed.get(index)
    const hint = typed === undefined ? undefined : NumberInput.hint(typed, quantityPreset)
    return html`<span class="qty">
        <input
          part="quantity-input"
          class="quantity"
          type="text"
          inputmode="decimal"
          autocomplete="off"
          aria-label=${Message.itemQuantity(item.item_title)}
          .value=${typed ?? NumberInput.format(item.quantity, quantityPreset)}
          @input=${(e: Event) => this.#onQuantityInput(index, e)}
          @change=${(e: Event) => this.#onQuantityCommit(index, e)}
          @keydown=${(e: KeyboardEvent) => this.#onQuantityCommit(index, e)}
        />
        × ${unit}</span
      >
      <span class="hint ${hint?._tag === "Error" ? "bad" : ""}" aria-live="polite"
        >${hint === undefined || hint._tag === "None" ? "" : hint.text}</span
      >`
  }

  #subtotalRow(quote: PublicQuote.Plain, figures: ItemTotals, item: PublicQuote.PlainItem): TemplateResult {
    return html`<li part="item item-subtotal" class="item subtotal">
      <div class="text">${item.item_title === "" ? Message.subtotal : item.item_title}</div>
      <div class="price">
        <span class="amount">${PublicQuote.formatAmount(quote, figures.iTotalLine)}</span>
        ${figures.recurring.map(
          (r) =>
            html`<span class="term">${PublicQuote.formatAmount(quote, r.iTotalLine)} ${SubscriptionTerm.describe(r.term)}</span>`
        )}
      </div>
    </li>`
  }

  #totalsBlock(quote: PublicQuote.Plain, totals: Totals): TemplateResult {
    const upFrontShown = totals.upFront.itemCount > 0 || totals.subscriptions.length === 0
    return html`<li part="totals" class="totals">
      ${upFrontShown ? this.#group(quote, totals.upFront, "", true) : nothing}
      ${totals.subscriptions.map((g) => this.#group(quote, g, SubscriptionTerm.describe(g.term), false))}
    </li>`
  }

  #group(quote: PublicQuote.Plain, g: GroupTotals, term: string, upFront: boolean): TemplateResult {
    const row = (label: string, amount: string, part = "total-row") =>
      html`<div part=${part} class="row ${part === "total" ? "grand" : ""}"><dt>${label}</dt><dd>${amount}</dd></div>`
    const money = (n: Money.Fixed) => PublicQuote.formatAmount(quote, n)
    const hasDiscount = !Money.isZero(quote.discount_overall)
    const taxes = quote.amounts_entered === "no_tax" ? [] : g.taxes
    const totalLabel = term === "" ? Message.total : `${Message.total} ${term}`
    return html`<dl>
      ${hasDiscount || taxes.length > 0 ? row(Message.subtotal, money(g.subtotal)) : nothing}
      ${hasDiscount ? row(Message.discountPercent(PublicQuote.formatNumber(quote.discount_overall)), money(Money.negated(g.discount))) : nothing}
      ${taxes.map((t) => row(taxLabel(quote.amounts_entered, quote.tax_word, t.rate), money(t.amount)))}
      ${row(totalLabel, `${money(g.total)} ${quote.currencyCode}`.trim(), "total")}
      ${
        upFront && !Money.isZero(quote.deposit_percent)
          ? row(Message.depositPercent(PublicQuote.formatNumber(quote.deposit_percent)), money(g.deposit), "deposit")
          : nothing
      }
    </dl>`
  }
}
