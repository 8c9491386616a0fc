/**
 * The public site's pieces the app asks for before anyone signs in: `GET /e/offer` (the special offer for a
 * visitor who arrived through a referral link, when the operator configured one) and `GET /e/quote-examples`
 * (the example quotes a new account can start from, for the sample-quote picker).
 *
 * @since 0.4.0
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"

/** The special offer shown to this visitor, or null (no referral, or no offer configured). */
export const SpecialOffer = Schema.Struct({ offer: Schema.NullOr(Schema.String) })
/** The special offer. */
export type SpecialOffer = typeof SpecialOffer.Type

/** One row of an example quote. */
export const ExampleRow = Schema.Struct({
  title: Schema.String,
  body: Schema.String,
  /** Null for a text row. */
  unit_price: Schema.NullOr(Schema.String),
  quantity: Schema.NullOr(Schema.String),
  monthly: Schema.Boolean
})

/** An example quote as the picker shows it. */
export const QuoteExample = Schema.Struct({
  /** What `/quotes/new/is-editing?example=` takes. */
  key: Schema.String,
  title: Schema.String,
  rows: Schema.Array(ExampleRow),
  /** The one-off total before tax, 2 decimals. */
  total: Schema.String,
  /** The monthly total before tax, 2 decimals ("0.00" when nothing recurs). */
  monthly: Schema.String
})
/** An example quote. */
export type QuoteExample = typeof QuoteExample.Type

/** The examples. */
export const QuoteExamples = Schema.Struct({ examples: Schema.Array(QuoteExample) })

/** The public site group (no sign-in). */
export class SiteApi extends HttpApiGroup.make("site")
  .add(
    HttpApiEndpoint.get("offer", "/e/offer", { success: SpecialOffer }).annotate(
      OpenApi.Description,
      "The special offer for a visitor whose landing cookie records a referral link (`?ref=`), when configured."
    ),
    HttpApiEndpoint.get("quoteExamples", "/e/quote-examples", { success: QuoteExamples }).annotate(
      OpenApi.Description,
      "The example quotes a new quote can start from (`/quotes/new/is-editing?example={key}`)."
    )
  )
  .annotateMerge(
    OpenApi.annotations({
      title: "Public site",
      description: "The special offer and the example quotes, open to anyone."
    })
  ) {}
