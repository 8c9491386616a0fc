/**
 * The routes, declared in code. Every screen is its own chunk (`lazyRouteComponent`), so a page loads only the
 * code it shows; the shell and the sign-in overlay are in the entry. Back and forward restore scroll positions.
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

const signIn = createRoute({
  getParentRoute: () => rootRoute,
  path: "/sign-in",
  validateSearch: stringSearch,
  component: lazy(() => import("./signin/SignInPage.tsx"), "SignInPage")
})
const newAccount = createRoute({
  getParentRoute: () => rootRoute,
  path: "/new-account",
  component: lazy(() => import("./signin/NewAccountPage.tsx"), "NewAccountPage")
})
const forgotPassword = createRoute({
  getParentRoute: () => rootRoute,
  path: "/sign-in/forgot-password",
  validateSearch: stringSearch,
  component: lazy(() => import("./signin/ForgotPasswordPage.tsx"), "ForgotPasswordPage")
})
const whichAccount = createRoute({
  getParentRoute: () => rootRoute,
  path: "/sign-in/accounts",
  component: lazy(() => import("./signin/WhichAccountPage.tsx"), "WhichAccountPage")
})
const helpPage = createRoute({
  getParentRoute: () => rootRoute,
  path: "/help",
  validateSearch: stringSearch,
  component: lazy(() => import("./help/HelpPage.tsx"), "HelpPage")
})
const helpGuide = createRoute({
  getParentRoute: () => rootRoute,
  path: "/help/$doc",
  component: lazy(() => import("./help/HelpGuidePage.tsx"), "HelpGuidePage")
})
const signInOverlay = createRoute({
  getParentRoute: () => rootRoute,
  path: "/sign-in/overlay",
  validateSearch: stringSearch,
  component: lazy(() => import("./signinoverlay/OverlayPage.tsx"), "OverlayPage")
})
const geniusTimeout = createRoute({
  getParentRoute: () => rootRoute,
  path: "/genius-timeout",
  component: lazy(() => import("./signinoverlay/GeniusTimeoutPage.tsx"), "GeniusTimeoutPage")
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
const editorComponent = lazy(() => import("./quotes/QuoteEditorPage.tsx"), "QuoteEditorPage")
const quoteEditor = createRoute({
  getParentRoute: () => app,
  path: "/quotes/$quoteId/$action",
  validateSearch: stringSearch,
  component: editorComponent
})
const examplePicker = createRoute({
  getParentRoute: () => app,
  path: "/quotes/examples",
  component: lazy(() => import("./quotes/ExamplePickerPage.tsx"), "ExamplePickerPage")
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
  component: lazy(() => import("./quotes/QuoteEditorPage.tsx"), "TemplateEditorPage")
})
const quotePage = createRoute({
  getParentRoute: () => app,
  path: "/quote/$quoteId",
  validateSearch: stringSearch,
  component: lazy(() => import("./quotes/QuotePage.tsx"), "QuotePage")
})
const quoteVersions = createRoute({
  getParentRoute: () => app,
  path: "/quote/versions/$quoteId",
  component: lazy(() => import("./quotes/VersionsPage.tsx"), "VersionsPage")
})
/** A signed-in page at `path` whose component is a lazy chunk (contacts, content, leads and settings screens). */
const page = <const P extends string>(path: P, component: ReturnType<typeof lazy>) =>
  createRoute({ getParentRoute: () => app, path, validateSearch: stringSearch, component })
const quoteDownload = page(
  "/quotes/download",
  lazy(() => import("./quotedownload/QuoteDownloadPage.tsx"), "QuoteDownloadPage")
)
const contactList = page(
  "/contacts",
  lazy(() => import("./contacts/ContactListPage.tsx"), "ContactListPage")
)
const contactView = page(
  "/contacts/view/$contactId",
  lazy(() => import("./contacts/ContactViewPage.tsx"), "ContactViewPage")
)
const contactForm = page(
  "/contacts/edit/$contactId",
  lazy(() => import("./contacts/ContactFormPage.tsx"), "ContactFormPage")
)
const contentPage = lazy(() => import("./content/ContentPage.tsx"), "ContentPage")
const content = page("/content/templates", contentPage)
const itemEditor = lazy(() => import("./content/ItemEditorPage.tsx"), "ItemEditorPage")
const priceItem = page("/content/templates/price-items/$itemId", itemEditor)
const textItem = page("/content/templates/text-items/$itemId", itemEditor)
const leadsPage = lazy(() => import("./leads/LeadsPage.tsx"), "LeadsPage")
const leads = page("/c/leads", leadsPage)
const lead = page("/c/leads/$leadId", leadsPage)
const leadsShort = createRoute({
  getParentRoute: () => app,
  path: "/leads",
  beforeLoad: () => {
    throw redirect({ to: "/c/leads" })
  }
})
const accountSettings = page(
  "/settings",
  lazy(() => import("./settings/AccountSettingsPage.tsx"), "AccountSettingsPage")
)
const personalSettings = page(
  "/settings/personal",
  lazy(() => import("./settings/PersonalSettingsPage.tsx"), "PersonalSettingsPage")
)
const apiKeys = page(
  "/settings/api-keys",
  lazy(() => import("./settings/ApiKeysPage.tsx"), "ApiKeysPage")
)
const sharedAccounts = page(
  "/settings/shared-accounts",
  lazy(() => import("./sharedaccounts/SharedAccountsPage.tsx"), "SharedAccountsPage")
)
const webhooks = page(
  "/settings/webhooks",
  lazy(() => import("./webhooks/WebhooksPage.tsx"), "WebhooksPage")
)
const emailDomain = page(
  "/settings/email-domain",
  lazy(() => import("./emaildomain/EmailDomainPage.tsx"), "EmailDomainPage")
)
const payments = page(
  "/settings/payments",
  lazy(() => import("./payments/PaymentsPage.tsx"), "PaymentsPage")
)
const billingOverview = page(
  "/settings/billing-overview",
  lazy(() => import("./payments/BillingPages.tsx"), "BillingOverviewPage")
)
const billingUpdate = page(
  "/settings/billing-update-details",
  lazy(() => import("./payments/BillingPages.tsx"), "BillingUpdatePage")
)
const addOns = page(
  "/settings/add-ons",
  lazy(() => import("./addons/AddOnsPage.tsx"), "AddOnsPage")
)
const addOnCallback = page(
  "/settings/add-ons/callback",
  lazy(() => import("./addons/AddOnCallbackPage.tsx"), "AddOnCallbackPage")
)
const addOnTaxes = page(
  "/settings/add-ons/$addonId/taxes",
  lazy(() => import("./addons/TaxMappingPage.tsx"), "TaxMappingPage")
)
const quoteAppearance = page(
  "/settings/quote/appearance",
  lazy(() => import("./appearance/AppearancePage.tsx"), "AppearancePage")
)
const importPage = page(
  "/settings/import",
  lazy(() => import("./settings/ImportPage.tsx"), "ImportPage")
)
const invoicingSettings = page(
  "/settings/invoicing",
  lazy(() => import("./invoices/InvoicingSettingsPage.tsx"), "InvoicingSettingsPage")
)
const invoices = page(
  "/invoices",
  lazy(() => import("./invoices/InvoicesPage.tsx"), "InvoicesPage")
)
const reviews = page(
  "/settings/reviews",
  lazy(() => import("./reviews/ReviewsPage.tsx"), "ReviewsPage")
)

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
