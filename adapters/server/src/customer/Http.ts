/**
 * The customer group's handlers (no session: the link token is the credential) and the team's links group.
 *
 * @since 0.1.0
 */
import { Api } from "@quotekit/core/api/Api"
import { ActionRefused } from "@quotekit/core/api/QuotesApi"
import { CurrentAccount } from "@quotekit/core/api/Security"
import * as Discussion from "@quotekit/core/Discussion"
import * as Quote from "@quotekit/core/Quote"
import { Effect, Option, Result } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import * as Comments from "../discussion/Comments.ts"
import { DiscussionRepo } from "../discussion/Repo.ts"
import { PublicUrl } from "../http/PublicUrl.ts"
import { QuoteRepo } from "../quotes/Repo.ts"
import { notFound } from "../quotes/Views.ts"
import { receive } from "../uploads/Receive.ts"
import { FilesRepo } from "../uploads/Repo.ts"
import { customerFile, respond } from "../uploads/Serve.ts"
import * as CustomerQuote from "./CustomerQuote.ts"
import * as Links from "./Links.ts"
import * as LinkToken from "./LinkToken.ts"
import { CustomerRepo } from "./Repo.ts"

/** The customer group's handlers. */
export const layer = HttpApiBuilder.group(Api, "customer", (handlers) =>
  handlers
    .handle("quote", ({ params, query }) => CustomerQuote.view(params.token, query.preview))
    .handle("accept", ({ params, payload }) => CustomerQuote.accept(params.token, payload))
    .handle("decline", ({ params, payload }) => CustomerQuote.decline(params.token, payload.reason))
    .handle("ask", ({ params, payload }) =>
      Effect.gen(function* () {
        const o = yield* CustomerQuote.opened(params.token)
        return yield* Comments.ask(o.link, o.record, o.facts.noun, payload, CustomerQuote.fileUrl(params.token))
      })
    )
    .handle("upload", ({ params, payload }) =>
      Effect.gen(function* () {
        const o = yield* CustomerQuote.opened(params.token)
        const closed = Comments.closedReason(
          Discussion.Type.contactNotAnswered,
          Comments.whereOf(o.record, o.now),
          o.facts.noun
        )
        if (closed !== null) return yield* ActionRefused.answer("discuss", "closed", closed)
        const r = yield* receive(payload, { account: o.link.account_id, signin: null, purpose: "file" })
        yield* (yield* DiscussionRepo).holdForLink(o.link.account_id, r.row.file_id, o.link.quote_contact_id)
        return {
          file_id: r.row.file_id,
          name: r.row.original_filename,
          url: CustomerQuote.fileUrl(params.token)(r.row.file_id)
        }
      })
    )
    .handle("file", ({ params }) =>
      Effect.gen(function* () {
        const o = yield* CustomerQuote.opened(params.token)
        const customers = yield* CustomerRepo
        const own = yield* customers.discussionFile(
          o.link.account_id,
          o.record.quote_id,
          o.link.quote_contact_id,
          params.file_id
        )
        const file = Option.isSome(own)
          ? own
          : yield* customerFile(o.link.account_id, o.record.quote_id, params.file_id)
        if (Option.isNone(file)) return yield* CustomerQuote.linkNotFound()
        return yield* respond(file.value)
      })
    )
    .handle("logo", ({ params }) =>
      Effect.gen(function* () {
        const o = yield* CustomerQuote.opened(params.token)
        const brand = yield* (yield* CustomerRepo).brand(o.link.account_id)
        const logo =
          brand.logo_file_id === null
            ? Option.none()
            : yield* (yield* FilesRepo).byId(o.link.account_id, brand.logo_file_id)
        if (Option.isNone(logo)) return yield* CustomerQuote.linkNotFound()
        return yield* respond(logo.value)
      })
    )
)

/** The team's links group: each contact's link to copy. */
export const linksLayer = HttpApiBuilder.group(Api, "quoteLinks", (handlers) =>
  handlers.handle("links", ({ params }) =>
    Effect.gen(function* () {
      const tenant = yield* CurrentAccount
      const quotes = yield* QuoteRepo
      const route = Quote.parseRouteId(params.id)
      const facts = yield* quotes.facts(tenant)
      if (Result.isFailure(route) || route.success === "new") return yield* notFound(facts)
      const found = yield* quotes.record(tenant.account_id, route.success)
      if (Option.isNone(found) || found.value.is_template) return yield* notFound(facts)
      const base = yield* (yield* PublicUrl).current
      const links = yield* Links.list(tenant.account_id, route.success)
      return links.map((l) => ({
        quote_contact_id: l.quote_contact_id,
        contact_id: l.contact_id,
        name: l.name,
        url: l.token === null ? null : `${base}${LinkToken.pagePath(l.token)}`,
        last_view: l.last_view
      }))
    })
  )
)
