/**
 * Building the customer page's elements without a framework: an element with attributes, properties and
 * children in one call, so each part of the page reads as the markup it makes.
 */

/** Attributes (strings, `true` for a bare attribute, `false`/undefined left out) and `on*` listeners. */
export type Attributes = Readonly<Record<string, string | number | boolean | undefined | ((event: Event) => void)>>

/** An element of `tag` with attributes and children (strings become text). */
export const h = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: ReadonlyArray<Node | string | null | undefined>
): HTMLElementTagNameMap[K] => {
  const el = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) {
    if (typeof value === "function") el.addEventListener(name.slice(2), value)
    else if (value === true) el.setAttribute(name, "")
    else if (value !== false && value !== undefined) el.setAttribute(name, String(value))
  }
  for (const child of children) if (child != null) el.append(child)
  return el
}

/** Show a hint in `target` and shake it, so a repeated press is noticed too. */
export const hint = (target: HTMLElement, message: string): void => {
  target.textContent = message
  target.classList.remove("qk-shake")
  // Reading layout restarts the animation when the same hint is shown again.
  void target.offsetWidth
  if (message !== "") target.classList.add("qk-shake")
}

/** A date and time as the customer's browser writes it. */
export const when = (epochSeconds: number): string =>
  new Date(epochSeconds * 1000).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })
