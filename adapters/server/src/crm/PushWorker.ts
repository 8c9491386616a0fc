/**
 * The add-on push worker: claims due pushes (`Pushes.claim`, under a lease, so server processes share them and
 * each is worked once at a time) and does each outside any transaction:
 *
 * - a CRM note (`Crm.addNote`) on the record linked to the quote's contact: "Quote 1042 sent: Kitchen refit",
 *   with the total and a link to the quote;
 * - a Mailchimp subscription (`Marketing.subscribe`) of the contact, with the add-on's tags, to the chosen
 *   audience, only while the contact's marketing opt-in is on.
 *
 * A rate-limited or unavailable add-on is tried again with backoff (its `Retry-After` when given) up to
 * `MAX_ATTEMPTS`; a refusal of the content, or of the access (the connection then asks to be connected again),
 * ends the push with the add-on's words, logged. Nothing here blocks the quote's own action: it was done when the
 * push was queued.
 *
 * @since 0.5.0
 */
import type { Note } from "@quotekit/addons/Crm"
import * as AddOn from "@quotekit/core/AddOn"
import { Duration, Effect, Layer, Option, Schedule, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { AddOnsRepo } from "../addons/Repo.ts"
import { AddOnsSetup } from "../addons/Setup.ts"
import { backoffMs } from "../addons/Sync.ts"
import * as WebhookEvents from "../webhooks/Events.ts"
import * as Access from "./Access.ts"
import * as Pushes from "./Pushes.ts"

/** Attempts before a push that keeps meeting a busy or absent add-on is given up. */
export const MAX_ATTEMPTS = 8
/** How long a claim holds (longer than a call with its retries may take). */
export const LEASE_MS = 2 * Access.CALL_MS
/** Pushes claimed per round. */
export const BATCH = 20
/** How often the worker looks for due pushes. */
export const INTERVAL = Duration.seconds(3)

const nameOf = (id: number) => Option.match(AddOn.byId(id), { onNone: () => "", onSome: (d) => d.name })

/** The note a quote's event writes on a CRM record. */
export const noteOf = (
  event: Pushes.Event,
  quote: { readonly number?: number; readonly title?: string; readonly total?: string; readonly currency?: string },
  url: string
): Note => {
  const what = event === "accepted" ? "accepted" : "sent"
  const number = quote.number !== undefined && quote.number > 0 ? `Quote ${quote.number}` : "Quote"
  const title = (quote.title ?? "").trim()
  return {
    subject: title === "" ? `${number} ${what}` : `${number} ${what}: ${title}`,
    body: [
      title === "" ? null : title,
      quote.total === undefined ? null : `Total: ${quote.total} ${quote.currency ?? ""}`.trim(),
      url === "" ? null : `Open in quotekit: ${url}`
    ]
      .filter((line) => line !== null)
      .join("\n")
  }
}

/** The push cannot be done, for a reason of ours (not connected, not linked, no audience chosen). */
class CannotPush extends Schema.TaggedError<CannotPush>()("CannotPush", { message: Schema.String }) {}
const finish = (message: string) => Effect.fail(new CannotPush({ message }))

/** Do one claimed push. */
const work = (p: Pushes.Claimed) =>
  Effect.gen(function* () {
    const setup = yield* AddOnsSetup
    const repo = yield* AddOnsRepo
    const sql = yield* SqlClient.SqlClient
    const name = nameOf(p.addon_id)
    const connection = yield* repo.connection(p.account_id, p.addon_id)
    if (Option.isNone(connection) || connection.value.status === "disconnected")
      return yield* finish(AddOn.messages.notConnected(name))
    if (AddOn.isCrm(p.addon_id)) {
      const crm = setup.crm?.get(p.addon_id)
      if (crm === undefined) return yield* finish(AddOn.messages.notSetUp(name))
      const [link] = yield* sql<{ readonly remote_id: string; readonly contact_type: string }>`
        SELECT ac.remote_id, c.contact_type FROM addon_contacts ac
        JOIN contacts c ON c.account_id = ac.account_id AND c.contact_id = ac.contact_id
        WHERE ac.account_id = ${p.account_id} AND ac.addon_id = ${p.addon_id}
          AND ac.organisation_id = ${connection.value.organisation_id} AND ac.contact_id = ${p.contact_id}`.pipe(
        Effect.orDie
      )
      if (link === undefined) return yield* finish(`The contact is no longer linked to ${name}.`)
      const summary = yield* WebhookEvents.quoteSummary(p.account_id, p.quote_id)
      const note = noteOf(p.event, summary, "url" in summary ? summary.url : "")
      const record = { id: link.remote_id, type: link.contact_type === "company" ? "organisation" : "person" } as const
      return yield* Access.withTokens(p.account_id, crm, (tokens) => crm.addNote(tokens, record, note))
    }
    const marketing = setup.marketing
    if (p.addon_id !== AddOn.MAILCHIMP || marketing === undefined) return yield* finish(AddOn.messages.notSetUp(name))
    const audience = connection.value.organisation_id
    if (audience === "") return yield* finish(AddOn.messages.pickAudience)
    const [contact] = yield* sql<{
      readonly email: string
      readonly name_first: string
      readonly name_last: string
      readonly contact_type: string
      readonly marketing_opt_in: boolean
    }>`
      SELECT email, name_first, name_last, contact_type, marketing_opt_in FROM contacts
      WHERE account_id = ${p.account_id} AND contact_id = ${p.contact_id}`.pipe(Effect.orDie)
    // The contact withdrew their agreement (or their address) since: nothing to add.
    if (contact === undefined || !contact.marketing_opt_in || contact.email.trim() === "") return
    const options = connection.value.options ?? AddOn.defaultOptions
    const service = { connects: "oauth2", addonId: marketing.addonId, refresh: marketing.refresh } as const
    return yield* Access.withTokens(p.account_id, service, (tokens) =>
      marketing.subscribe(tokens, audience, {
        email: contact.email.trim(),
        name_first: contact.contact_type === "company" ? "" : contact.name_first,
        name_last: contact.contact_type === "company" ? "" : contact.name_last,
        tags: options.tags
      })
    )
  })

/** What a push came to: done, tried again later (a busy or absent add-on), or failed with the words why. */
const outcomeOf = (p: Pushes.Claimed) =>
  work(p).pipe(
    Effect.as<Pushes.Outcome>({ _tag: "Done" }),
    Effect.catchTags({
      CannotPush: (e) => Effect.succeed<Pushes.Outcome>({ _tag: "Failed", message: e.message }),
      NotConnected: () =>
        Effect.succeed<Pushes.Outcome>({ _tag: "Failed", message: AddOn.messages.notConnected(nameOf(p.addon_id)) }),
      AddOnError: (e) => {
        const message = e.message === "" ? `${nameOf(p.addon_id)} did not answer.` : e.message
        const busy = e.kind === "rate-limited" || e.kind === "unavailable"
        return Effect.succeed<Pushes.Outcome>(
          busy && p.attempts < MAX_ATTEMPTS
            ? { _tag: "Retry", retryInMs: backoffMs(p.attempts, e.retryAfterMs), message }
            : { _tag: "Failed", message }
        )
      }
    })
  )

/**
 * One round: claim due pushes, record each; how many were claimed. Pushes to one record (account, add-on, contact)
 * go one after another in the order they were queued, so "sent" is noted before "accepted"; different records go
 * a few at once.
 */
export const pushDue = Effect.gen(function* () {
  const claimed = yield* Pushes.claim(BATCH, LEASE_MS)
  const byRecord = new Map<string, Array<Pushes.Claimed>>()
  for (const p of [...claimed].sort((a, b) => a.push_id - b.push_id)) {
    const key = `${p.account_id}:${p.addon_id}:${p.contact_id}`
    const pushes = byRecord.get(key)
    if (pushes === undefined) byRecord.set(key, [p])
    else pushes.push(p)
  }
  yield* Effect.forEach(byRecord.values(), (pushes) => Effect.forEach(pushes, push, { discard: true }), {
    concurrency: 4,
    discard: true
  })
  return claimed.length
})

/** Do claimed push `p` and record how it went. */
const push = (p: Pushes.Claimed) =>
  Effect.gen(function* () {
    const outcome = yield* outcomeOf(p)
    if (outcome._tag !== "Done")
      yield* Effect.logWarning(`${nameOf(p.addon_id)}: the ${p.event} push of quote ${p.quote_id}`, outcome)
    yield* Pushes.settle(p.push_id, outcome)
  })

/** Runs the worker while the layer lives: rounds back to back while there is work, then every `INTERVAL`. */
export const layer = Layer.effectDiscard(
  pushDue.pipe(
    Effect.catchCause((cause) => Effect.as(Effect.logWarning("add-on push round failed", cause), 0)),
    Effect.flatMap((n) => (n >= BATCH ? Effect.void : Effect.sleep(INTERVAL))),
    Effect.repeat(Schedule.forever),
    Effect.forkScoped
  )
)
