/**
 * The quote list's archive tabs (All, Active, Waiting, …) as the WAI-ARIA tabs pattern, behaving as Radix Tabs
 * does with automatic activation: a tab is selected when it is focused or pressed; the arrow keys move along the
 * tabs (wrapping), Home and End to the first and last; only the selected tab is in the tab order, and the panel
 * is labelled by it. `data-state` is "active" on the selected tab, as Radix sets it. Written here because the list
 * is the first screen: Radix Tabs would bring its collection and roving focus parts (about 9 KB gzipped) to the
 * script every fresh page load fetches, for a row of buttons.
 *
 * @example
 * <ListTabs tabs={tabs} value={tab} onValueChange={choose} label="Quotes" labelOf={QuoteListTab.label}>…</ListTabs>
 *
 * @since 0.5.0
 */
import { type KeyboardEvent, type ReactNode, useId, useRef } from "react"

/** Where a key moves the focus from tab `from` of `count`; `undefined` for other keys. */
export const targetOf = (key: string, from: number, count: number): number | undefined => {
  switch (key) {
    case "ArrowRight":
      return from === count - 1 ? 0 : from + 1
    case "ArrowLeft":
      return from === 0 ? count - 1 : from - 1
    case "Home":
      return 0
    case "End":
      return count - 1
    default:
      return undefined
  }
}

/** The tabs and, below them, the selected tab's panel (`children`). */
export const ListTabs = <T extends string>({
  tabs,
  value,
  onValueChange,
  label,
  labelOf,
  listClassName,
  tabClassName,
  children
}: {
  readonly tabs: ReadonlyArray<T>
  readonly value: T
  readonly onValueChange: (tab: T) => void
  /** The tab list's accessible name. */
  readonly label: string
  readonly labelOf: (tab: T) => string
  readonly listClassName?: string | undefined
  readonly tabClassName?: string | undefined
  readonly children: ReactNode
}) => {
  const id = useId()
  const buttons = useRef(new Map<T, HTMLButtonElement>())
  const select = (tab: T) => {
    if (tab !== value) onValueChange(tab)
  }
  const onKeyDown = (from: number) => (e: KeyboardEvent<HTMLButtonElement>) => {
    const to = targetOf(e.key, from, tabs.length)
    if (to === undefined) return
    e.preventDefault()
    buttons.current.get(tabs[to]!)?.focus()
  }
  return (
    <>
      <div role="tablist" aria-orientation="horizontal" aria-label={label} className={listClassName}>
        {tabs.map((tab, i) => (
          <button
            key={tab}
            ref={(b) => {
              if (b === null) buttons.current.delete(tab)
              else buttons.current.set(tab, b)
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab}`}
            aria-selected={tab === value}
            aria-controls={`${id}-panel`}
            data-state={tab === value ? "active" : "inactive"}
            tabIndex={tab === value ? 0 : -1}
            className={tabClassName}
            onMouseDown={(e) => {
              // As Radix: the press selects (a right click or a Ctrl-click does not), before the click's focus.
              if (e.button === 0 && !e.ctrlKey) select(tab)
            }}
            onFocus={() => select(tab)}
            onKeyDown={onKeyDown(i)}
          >
            {labelOf(tab)}
          </button>
        ))}
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the tabs pattern puts the panel in the tab order, as Radix does */}
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${value}`} tabIndex={0} data-state="active">
        {children}
      </div>
    </>
  )
}
