/**
 * Templates & Items (`/content/templates`, admins): tabs for Templates, Price Items, Text Items, Categories and
 * Tax Rates, the tab kept in the address (`?tab=`). Non-admins are told only an admin can manage these.
 */
import { useNavigate, useSearch } from "@tanstack/react-router"
import { Tabs } from "radix-ui"
import styles from "../contacts/Records.module.css"
import { useMessages } from "../page/useMessages.ts"
import { usePageTitle } from "../page/usePageTitle.ts"
import { useAccount } from "../session/useAccount.ts"
import page from "../shell/Page.module.css"
import controls from "../theme/Controls.module.css"
import { CategoriesPanel, TaxRatesPanel } from "./CataloguePanels.tsx"
import { ItemList } from "./ItemList.tsx"
import { TemplateList } from "./TemplateList.tsx"

const tabs = ["templates", "price-items", "text-items", "categories", "taxes"] as const
type Tab = (typeof tabs)[number]

/** The Templates & Items page. */
export const ContentPage = () => {
  const m = useMessages()
  usePageTitle(m.templatesAndItems)
  const navigate = useNavigate()
  const search: { tab?: string } = useSearch({ strict: false })
  const tab: Tab = tabs.find((t) => t === search.tab) ?? "templates"
  const admin = useAccount().data?.account_signin.is_admin === true
  const label: Record<Tab, string> = {
    templates: m.templates,
    "price-items": m.priceItems,
    "text-items": m.textItems,
    categories: m.categories,
    taxes: m.taxRates
  }
  return (
    <div className={page.page}>
      <h1 className={page.heading}>{m.templatesAndItems}</h1>
      {!admin ? (
        <section className={controls.card}>
          <p className={page.empty}>{m.adminOnly}</p>
        </section>
      ) : (
        <Tabs.Root
          value={tab}
          onValueChange={(t) =>
            void navigate({ to: "/content/templates", search: t === "templates" ? {} : { tab: t } })
          }
          className={styles.stack}
        >
          <Tabs.List className={styles.filters} aria-label={m.templatesAndItems}>
            {tabs.map((t) => (
              <Tabs.Trigger key={t} value={t} className={styles.filter}>
                {label[t]}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="templates">{tab === "templates" && <TemplateList />}</Tabs.Content>
          <Tabs.Content value="price-items">{tab === "price-items" && <ItemList kind="price-items" />}</Tabs.Content>
          <Tabs.Content value="text-items">{tab === "text-items" && <ItemList kind="text-items" />}</Tabs.Content>
          <Tabs.Content value="categories">{tab === "categories" && <CategoriesPanel />}</Tabs.Content>
          <Tabs.Content value="taxes">{tab === "taxes" && <TaxRatesPanel />}</Tabs.Content>
        </Tabs.Root>
      )}
    </div>
  )
}
