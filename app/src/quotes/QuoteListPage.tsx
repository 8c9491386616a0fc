/**
 * The quote list (`/quotes`): search ('Quote Title, Number or Contact…') and the archive tabs, both kept in the
 * address so back and forward restore them. Rows arrive with the list endpoint.
 */
import * as QuoteListTab from "@quotekit/core/QuoteListTab"
import { Link, useNavigate, useSearch } from "@tanstack/react-router"
import { Tabs } from "radix-ui"
import { useMessages } from "../page/useMessages.ts"
import { usePageTitle } from "../page/usePageTitle.ts"
import page from "../shell/Page.module.css"
import controls from "../theme/Controls.module.css"
import styles from "./QuoteList.module.css"

/** The quote list page. */
export const QuoteListPage = () => {
  const m = useMessages()
  usePageTitle(m.quotes)
  const navigate = useNavigate()
  const search: { search?: string; tab?: string } = useSearch({ strict: false })
  const tab = QuoteListTab.all.find((t) => t === search.tab) ?? "all"
  const tabs = QuoteListTab.tabsFor("any")
  return (
    <div className={page.page}>
      <div className={page.header}>
        <h1 className={page.heading}>{m.quotes}</h1>
        <Link
          to="/quotes/$quoteId/$action"
          params={{ quoteId: "new", action: "is-editing" }}
          className={controls.primary}
        >
          {m.newQuote}
        </Link>
      </div>
      <input
        type="search"
        className={`${controls.input} ${styles.search}`}
        placeholder={m.quoteSearchPlaceholder}
        aria-label={m.quoteSearchPlaceholder}
        defaultValue={search.search ?? ""}
        onChange={(e) => {
          const value = e.currentTarget.value
          void navigate({
            to: "/quotes",
            search: { ...search, search: value === "" ? undefined : value },
            replace: true
          })
        }}
      />
      <Tabs.Root
        value={tab}
        onValueChange={(t) => void navigate({ to: "/quotes", search: { ...search, tab: t === "all" ? undefined : t } })}
      >
        <Tabs.List className={styles.tabs} aria-label={m.quotes}>
          {tabs.map((t) => (
            <Tabs.Trigger key={t} value={t} className={styles.tab}>
              {m[t]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map((t) => (
          <Tabs.Content key={t} value={t} className={controls.card}>
            <p className={page.empty}>{m.notAvailableNow}</p>
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  )
}
