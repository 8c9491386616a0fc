/**
 * The routes, declared in code. Every screen is its own chunk (`lazyRouteComponent`), so a page loads only the
 * code it shows; the shell and the sign-in overlay are in the entry. The chunks of the quote list and the
 * dashboard (where "/" and a sign-in lead) are imported from here, every other screen's through `screens.ts`
 * (`screen`), so the entry carries the chunk lists of those two alone.
 * Back and forward restore scroll positions.
 *
 * Paths follow the spec: /quotes/{quoteId or new}/{action} for the editor, /content/templates/{id}/{action} for
 * templates. The 'which account' page is /sign-in/accounts, because GET /sign-in/which-account is the API's.
 */
import type { QueryClient } from "@tanstack/react-query"
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  parseSearchWith,
  redirect,
  stringifySearchWith
} from "@tanstack/react-router"
import type * as Screens from "./screens.ts"
import { SigninOverlay } from "./session/SigninOverlay.tsx"
import { AppShell } from "./shell/AppShell.tsx"
import { NotFoundPage } from "./shell/NotFoundPage.tsx"
import { RouteError } from "./shell/RouteError.tsx"

/** What every route can reach. */
export interface RouterContext {
  readonly queryClient: QueryClient
}

const Root = () => (
  <>
    <Outlet />
    <SigninOverlay />
  </>
)

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteError
})

type Search = Record<string, string | undefined>
/** Keep string query values; drop the rest, so pages read plain strings. */
const stringSearch = (search: Record<string, unknown>): Search => {
  const out: Search = {}
  for (const [k, v] of Object.entries(search))
    if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") out[k] = String(v)
  return out
}

const lazy = <const K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazyRouteComponent(load, name)

/**
 * A screen other than the quote list and the dashboard, by the name of its component: its chunk's loader is in
 * `screens.ts`, which loads first (once), so the entry does not carry the lists of chunks the other screens need
 * (see there).
 */
const screen = <const K extends keyof typeof Screens.screens>(name: K) =>
  lazy(() => import("./screens.ts").then((s) => s.screens[name]()), name)

const signIn = createRoute({
  getParentRoute: () => rootRoute,
  path: "/sign-in",
  validateSearch: stringSearch,
  component: screen("SignInPage")
})
const newAccount = createRoute({
  getParentRoute: () => rootRoute,
  path: "/new-account",
  component: screen("NewAccountPage")
})
const forgotPassword = createRoute({
  getParentRoute: () => rootRoute,
  path: "/sign-in/forgot-password",
  validateSearch: stringSearch,
  component: screen("ForgotPasswordPage")
})
const whichAccount = createRoute({
  getParentRoute: () => rootRoute,
  path: "/sign-in/accounts",
  component: screen("WhichAccountPage")
})
const helpPage = createRoute({
  getParentRoute: () => rootRoute,
  path: "/help",
  validateSearch: stringSearch,
  component: screen("HelpPage")
})
const helpGuide = createRoute({
  getParentRoute: () => rootRoute,
  path: "/help/$doc",
  component: screen("HelpGuidePage")
})
const signInOverlay = createRoute({
  getParentRoute: () => rootRoute,
  path: "/sign-in/overlay",
  validateSearch: stringSearch,
  component: screen("OverlayPage")
})
const geniusTimeout = createRoute({
  getParentRoute: () => rootRoute,
  path: "/genius-timeout",
  component: screen("GeniusTimeoutPage")
})
const notFound = createRoute({ getParentRoute: () => rootRoute, path: "/not-found", component: NotFoundPage })
const index = createRoute({
  getParentRoute: () => rootRoute,
  path: "/",
  beforeLoad: () => {
    throw redirect({ to: "/dashboard" })
  }
})

const app = createRoute({ getParentRoute: () => rootRoute, id: "app", component: AppShell })
const dashboard = createRoute({
  getParentRoute: () => app,
  path: "/dashboard",
  component: lazy(() => import("./dashboard/DashboardPage.tsx"), "DashboardPage")
})
const quotes = createRoute({
  getParentRoute: () => app,
  path: "/quotes",
  validateSearch: stringSearch,
  component: lazy(() => import("./quotes/QuoteListPage.tsx"), "QuoteListPage")
})
const editorComponent = screen("QuoteEditorPage")
const quoteEditor = createRoute({
  getParentRoute: () => app,
  path: "/quotes/$quoteId/$action",
  validateSearch: stringSearch,
  component: editorComponent
})
const examplePicker = createRoute({
  getParentRoute: () => app,
  path: "/quotes/examples",
  component: screen("ExamplePickerPage")
})
const quoteEditorDefault = createRoute({
  getParentRoute: () => app,
  path: "/quotes/$quoteId",
  validateSearch: stringSearch,
  component: editorComponent
})
const templateEditor = createRoute({
  getParentRoute: () => app,
  path: "/content/templates/$quoteId/$action",
  validateSearch: stringSearch,
  component: screen("TemplateEditorPage")
})
const quotePage = createRoute({
  getParentRoute: () => app,
  path: "/quote/$quoteId",
  validateSearch: stringSearch,
  component: screen("QuotePage")
})
const quoteVersions = createRoute({
  getParentRoute: () => app,
  path: "/quote/versions/$quoteId",
  component: screen("VersionsPage")
})
/** A signed-in page at `path` whose component is a lazy chunk (contacts, content, leads and settings screens). */
const page = <const P extends string>(path: P, component: ReturnType<typeof lazy>) =>
  createRoute({ getParentRoute: () => app, path, validateSearch: stringSearch, component })
const quoteDownload = page("/quotes/download", screen("QuoteDownloadPage"))
const contactList = page("/contacts", screen("ContactListPage"))
const contactView = page("/contacts/view/$contactId", screen("ContactViewPage"))
const contactForm = page("/contacts/edit/$contactId", screen("ContactFormPage"))
const contentPage = screen("ContentPage")
const content = page("/content/templates", contentPage)
const itemEditor = screen("ItemEditorPage")
const priceItem = page("/content/templates/price-items/$itemId", itemEditor)
const textItem = page("/content/templates/text-items/$itemId", itemEditor)
const leadsPage = screen("LeadsPage")
const leads = page("/c/leads", leadsPage)
const lead = page("/c/leads/$leadId", leadsPage)
const leadsShort = createRoute({
  getParentRoute: () => app,
  path: "/leads",
  beforeLoad: () => {
    throw redirect({ to: "/c/leads" })
  }
})
const accountSettings = page("/settings", screen("AccountSettingsPage"))
const personalSettings = page("/settings/personal", screen("PersonalSettingsPage"))
const apiKeys = page("/settings/api-keys", screen("ApiKeysPage"))
const sharedAccounts = page("/settings/shared-accounts", screen("SharedAccountsPage"))
const webhooks = page("/settings/webhooks", screen("WebhooksPage"))
const emailDomain = page("/settings/email-domain", screen("EmailDomainPage"))
const payments = page("/settings/payments", screen("PaymentsPage"))
const billingOverview = page("/settings/billing-overview", screen("BillingOverviewPage"))
const billingUpdate = page("/settings/billing-update-details", screen("BillingUpdatePage"))
const addOns = page("/settings/add-ons", screen("AddOnsPage"))
const addOnCallback = page("/settings/add-ons/callback", screen("AddOnCallbackPage"))
const addOnTaxes = page("/settings/add-ons/$addonId/taxes", screen("TaxMappingPage"))
const quoteAppearance = page("/settings/quote/appearance", screen("AppearancePage"))
const importPage = page("/settings/import", screen("ImportPage"))
const invoicingSettings = page("/settings/invoicing", screen("InvoicingSettingsPage"))
const invoices = page("/invoices", screen("InvoicesPage"))
const reviews = page("/settings/reviews", screen("ReviewsPage"))

const routeTree = rootRoute.addChildren([
  index,
  signIn,
  newAccount,
  forgotPassword,
  whichAccount,
  signInOverlay,
  geniusTimeout,
  helpPage,
  helpGuide,
  notFound,
  app.addChildren([
    dashboard,
    quotes,
    quoteDownload,
    quoteEditor,
    examplePicker,
    quoteEditorDefault,
    templateEditor,
    quotePage,
    quoteVersions,
    contactList,
    contactView,
    contactForm,
    content,
    priceItem,
    textItem,
    leads,
    lead,
    leadsShort,
    accountSettings,
    personalSettings,
    apiKeys,
    sharedAccounts,
    webhooks,
    emailDomain,
    payments,
    billingOverview,
    billingUpdate,
    addOns,
    addOnCallback,
    addOnTaxes,
    quoteAppearance,
    importPage,
    invoicingSettings,
    invoices,
    reviews
  ])
])

/** Build the router for a query client. */
export const makeRouter = (queryClient: QueryClient) =>
  createRouter({
    routeTree,
    context: { queryClient },
    scrollRestoration: true,
    // Every search value is a string (`stringSearch`): written plainly (`?do-follow-up=1`, not JSON-quoted
    // `?do-follow-up=%221%22`) and read back as the text it is.
    parseSearch: parseSearchWith((value) => value),
    stringifySearch: stringifySearchWith(JSON.stringify),
    defaultPreload: "intent",
    defaultErrorComponent: RouteError
  })

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof makeRouter>
  }
}
