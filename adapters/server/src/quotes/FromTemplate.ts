/**
 * A draft quote from a template in one call (`POST /post/quote-from-template/{id}`), for integrations that cannot
 * drive the editor: the editor's new-quote data from the template (`QuoteEditor.load` with `from-template`, so
 * the same rules: a current template of the account, else 'Could not find that quote?'), saved as the editor
 * would save it (`SaveQuote.save`), with the contact given.
 *
 * @since 0.4.0
 */
import { randomUUID } from "node:crypto"
import type { FromTemplate, SaveQuote as SaveRequest } from "@quotekit/core/api/QuotesApi"
import type { Tenant } from "@quotekit/core/api/Security"
import { Effect } from "effect"
import * as QuoteEditor from "./Editor.ts"
import * as SaveQuote from "./SaveQuote.ts"

/** Create the draft; answers as a save does. */
export const create = Effect.fn("FromTemplate.create")(function* (
  tenant: Tenant,
  templateId: string,
  input: FromTemplate
) {
  // A malformed id is no template: the editor answers 'Could not find that quote?' for it as for a missing one.
  const id = /^[1-9][0-9]{0,9}$/.test(templateId) ? Number(templateId) : -1
  const loaded = yield* QuoteEditor.load(tenant, "edit", "new", "is-editing", {
    "from-template": id,
    ...(input.title === undefined ? {} : { title: input.title })
  })
  const q = loaded.quote
  const request: SaveRequest = {
    request_id: `from-template-${randomUUID()}`,
    quote: {
      title: input.title ?? q.title,
      sent_when: q.sent_when,
      expiry_date: q.expiry_date,
      deposit_percent: q.deposit_percent,
      discount_overall: q.discount_overall,
      currency_id: q.currency_id,
      amounts_entered: q.amounts_entered,
      private_pricing: q.private_pricing,
      from: tenant.signin_id
    },
    meta: { fromTemplate: id, ...(loaded.meta.reviewsOn === undefined ? {} : { reviewsOn: loaded.meta.reviewsOn }) },
    items: loaded.items,
    item_files: loaded.items.flatMap((r) =>
      (r.files ?? []).map((f) => ({ file_id: f.file_id, parent_id: r.quote_item_id }))
    ),
    contacts:
      input.contact_id === undefined ? [] : [{ quote_contact_id: -1, contact_id: input.contact_id, contact_order: 0 }],
    _modifiedIn: loaded._modifiedIn,
    primary: "save:now"
  }
  return yield* SaveQuote.save(tenant, "edit", "new", "is-editing", request)
})
