/**
 * The quotekit HTTP API: every group in one `HttpApi`, the contract the server implements and the SDK and
 * the app derive their clients from (`HttpApiClient.make(Api)`).
 *
 * Every endpoint passes `ErrorEnvelope` (bad input answers 400 with a readable message, never 500) and
 * `AntiForgery` (state-changing requests need the double-submit token and `X-Requested-With`), the
 * outermost middleware, so a forged request is refused before anything else runs.
 *
 * @since 0.1.0
 */
import { HttpApi, OpenApi } from "effect/http-api"
import { AccountApi } from "./AccountApi.ts"
import { AddOnsApi } from "./AddOnsApi.ts"
import { ApiKeysApi } from "./ApiKeysApi.ts"
import { AppearanceApi } from "./AppearanceApi.ts"
import { AuthApi } from "./AuthApi.ts"
import { ContactsApi } from "./ContactsApi.ts"
import { CrmLookupApi } from "./CrmLookupApi.ts"
import { CustomerApi, QuoteLinksApi } from "./CustomerApi.ts"
import { DashboardApi } from "./DashboardApi.ts"
import { DiscussionApi } from "./DiscussionApi.ts"
import { EmailDomainApi } from "./EmailDomainApi.ts"
import { EmailsApi } from "./EmailsApi.ts"
import { HistoryApi } from "./HistoryApi.ts"
import { InvoicesApi, QuoteInvoicesApi } from "./InvoicesApi.ts"
import { CatalogueApi, ItemsApi } from "./ItemsApi.ts"
import { LeadsApi, PublicLeadsApi } from "./LeadsApi.ts"
import { GeoApi, LookupApi } from "./LookupApi.ts"
import { NotificationsApi } from "./NotificationsApi.ts"
import { CustomerPaymentsApi, PaymentSettingsApi } from "./PaymentsApi.ts"
import { PushApi } from "./PushApi.ts"
import { QuoteDownloadsApi } from "./QuoteDownloadsApi.ts"
import { QuotesApi } from "./QuotesApi.ts"
import { ReviewsApi } from "./ReviewsApi.ts"
import { AntiForgery, ErrorEnvelope } from "./Security.ts"
import { ServiceApi } from "./ServiceApi.ts"
import { SettingsApi } from "./SettingsApi.ts"
import { SharedAccountsApi } from "./SharedAccountsApi.ts"
import { SiteApi } from "./SiteApi.ts"
import { TemplatesApi } from "./TemplatesApi.ts"
import { TwoFactorApi } from "./TwoFactorApi.ts"
import { UploadsApi } from "./UploadsApi.ts"
import { WebhooksApi } from "./WebhooksApi.ts"

/** The whole API. Add a feature's group here. */
export class Api extends HttpApi.make("quotekit")
  .add(AuthApi)
  .add(AccountApi)
  .add(ServiceApi)
  .add(ContactsApi)
  .add(ItemsApi)
  .add(CatalogueApi)
  .add(LeadsApi)
  .add(SettingsApi)
  .add(UploadsApi)
  .add(QuotesApi)
  .add(QuoteDownloadsApi)
  .add(TemplatesApi)
  .add(HistoryApi)
  .add(DashboardApi)
  .add(CustomerApi)
  .add(QuoteLinksApi)
  .add(DiscussionApi)
  .add(EmailsApi)
  .add(ReviewsApi)
  .add(WebhooksApi)
  .add(AddOnsApi)
  .add(CrmLookupApi)
  .add(QuoteInvoicesApi)
  .add(InvoicesApi)
  .add(PushApi)
  .add(ApiKeysApi)
  .add(PaymentSettingsApi)
  .add(CustomerPaymentsApi)
  .add(TwoFactorApi)
  .add(AppearanceApi)
  .add(LookupApi)
  .add(GeoApi)
  .add(SiteApi)
  .add(EmailDomainApi)
  .add(NotificationsApi)
  .add(SharedAccountsApi)
  .middleware(ErrorEnvelope)
  .middleware(AntiForgery)
  // Posted from a business's own website, which cannot send the anti-forgery token; it has its own envelope.
  .add(PublicLeadsApi)
  // Report every refused field of a form at once, not only the first.
  .annotate(HttpApi.PayloadParseOptions, { errors: "all" })
  .annotateMerge(
    OpenApi.annotations({
      title: "quotekit API",
      version: "0.1.0",
      description:
        "Build, send and track quotes. Sign in with POST /sign-in (cookie session). Every POST, PUT, PATCH and " +
        "DELETE must send the X-CSRF-Token header equal to the qk_csrf cookie (set by any GET, e.g. " +
        "GET /api/csrf) and X-Requested-With: XMLHttpRequest. Programs use an API key instead: " +
        "Authorization: Bearer qk_live_… (made by an admin under Account Settings, API keys), which needs no " +
        "anti-forgery header and acts for its account only; read keys may call GET endpoints only."
    })
  ) {}
