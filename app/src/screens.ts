/**
 * The loaders of the screens' chunks, but the quote list's and the dashboard's: the router reaches them through
 * this module (`screen` in `router.tsx`). Beside each dynamic import the build writes the list of every chunk that
 * screen needs, so they are fetched at once rather than one import after another; the lists of these screens come
 * to about 2.5 KB gzipped, which the entry would otherwise carry to every first page. Here they load with the
 * first visit of one of these screens (or the first hover of a link to one, as the router preloads on intent):
 * one more round trip then, once.
 */

const loaders = {
  SignInPage: () => import("./signin/SignInPage.tsx"),
  NewAccountPage: () => import("./signin/NewAccountPage.tsx"),
  ForgotPasswordPage: () => import("./signin/ForgotPasswordPage.tsx"),
  WhichAccountPage: () => import("./signin/WhichAccountPage.tsx"),
  HelpPage: () => import("./help/HelpPage.tsx"),
  HelpGuidePage: () => import("./help/HelpGuidePage.tsx"),
  OverlayPage: () => import("./signinoverlay/OverlayPage.tsx"),
  GeniusTimeoutPage: () => import("./signinoverlay/GeniusTimeoutPage.tsx"),
  QuoteEditorPage: () => import("./quotes/QuoteEditorPage.tsx"),
  TemplateEditorPage: () => import("./quotes/QuoteEditorPage.tsx"),
  ExamplePickerPage: () => import("./quotes/ExamplePickerPage.tsx"),
  QuotePage: () => import("./quotes/QuotePage.tsx"),
  VersionsPage: () => import("./quotes/VersionsPage.tsx"),
  QuoteDownloadPage: () => import("./quotedownload/QuoteDownloadPage.tsx"),
  ContactListPage: () => import("./contacts/ContactListPage.tsx"),
  ContactViewPage: () => import("./contacts/ContactViewPage.tsx"),
  ContactFormPage: () => import("./contacts/ContactFormPage.tsx"),
  ContentPage: () => import("./content/ContentPage.tsx"),
  ItemEditorPage: () => import("./content/ItemEditorPage.tsx"),
  LeadsPage: () => import("./leads/LeadsPage.tsx"),
  AccountSettingsPage: () => import("./settings/AccountSettingsPage.tsx"),
  PersonalSettingsPage: () => import("./settings/PersonalSettingsPage.tsx"),
  ApiKeysPage: () => import("./settings/ApiKeysPage.tsx"),
  SharedAccountsPage: () => import("./sharedaccounts/SharedAccountsPage.tsx"),
  WebhooksPage: () => import("./webhooks/WebhooksPage.tsx"),
  EmailDomainPage: () => import("./emaildomain/EmailDomainPage.tsx"),
  PaymentsPage: () => import("./payments/PaymentsPage.tsx"),
  BillingOverviewPage: () => import("./payments/BillingPages.tsx"),
  BillingUpdatePage: () => import("./payments/BillingPages.tsx"),
  AddOnsPage: () => import("./addons/AddOnsPage.tsx"),
  AddOnCallbackPage: () => import("./addons/AddOnCallbackPage.tsx"),
  TaxMappingPage: () => import("./addons/TaxMappingPage.tsx"),
  AppearancePage: () => import("./appearance/AppearancePage.tsx"),
  ImportPage: () => import("./settings/ImportPage.tsx"),
  InvoicingSettingsPage: () => import("./invoices/InvoicingSettingsPage.tsx"),
  InvoicesPage: () => import("./invoices/InvoicesPage.tsx"),
  ReviewsPage: () => import("./reviews/ReviewsPage.tsx")
}

/** Each screen's loader, by the name of the component its module exports. */
export const screens: { readonly [K in keyof typeof loaders]: () => Promise<Record<K, React.ComponentType>> } = loaders
