/**
 * Where notifications are written: each event is recorded where its change is written, on the caller's
 * connection and so inside the change's transaction (outbox style: the notifications commit with the change or
 * not at all, and a server that dies after the commit still has every email to send on its next start).
 *
 * Who hears of it and how is `Notification.recipients` and `Notification.plan` over the members' stored choices;
 * one row per member per `Notification.eventKey` (a second recording of the same event adds nothing). Once the
 * transaction commits, the email worker is woken (`NotificationSignal`) and the account room hears a
 * `notification` event naming the members with a new entry in their list (`QuoteEvents.later`). An account whose
 * admin switched the add-on off (Settings → Add-ons) records none.
 *
 * @example
 * yield* Record.quoteEvent({ account, quote_id, kind: "question.asked", entry_id: id, contact_id, text })
 *
 * @since 0.5.0
 */
import type { AccountId } from "@quotekit/core/Account"
import * as Notification from "@quotekit/core/Notification"
import { Array as Arr, Clock, Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import * as QuoteEvents from "../push/QuoteEvents.ts"
import { NotificationSignal } from "./Signal.ts"

/** The bus topic of a new notification (on the account room; the payload names whose list grew). */
export const TOPIC = "notification"

const personName = (first: string | null, last: string | null) => `${first ?? ""} ${last ?? ""}`.trim()

/** A quote as notifications name it, with its author; none when it is not the account's. */
const quoteOf = (account: number, quoteId: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [q] = yield* sql<{ from_signin_id: number; quote_no: number | null; title: string }>`
      SELECT from_signin_id, quote_no, title FROM quotes WHERE account_id = ${account} AND quote_id = ${quoteId}`
    return Option.fromNullishOr(q)
  })

/**
 * The customer's name: the contact named (or the contact of the quote's link `quoteContactId`), else the quote's
 * first contact (a company by its name).
 */
const customerName = (
  account: number,
  quoteId: number,
  contactId: number | undefined,
  quoteContactId: number | undefined
) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    type Named = { name_first: string | null; name_last: string | null; contact_type: string | null }
    const rows =
      contactId !== undefined
        ? yield* sql<Named>`
            SELECT name_first, name_last, contact_type FROM contacts
            WHERE account_id = ${account} AND contact_id = ${contactId}`
        : yield* sql<Named>`
            SELECT c.name_first, c.name_last, c.contact_type FROM quote_contacts qc
            JOIN contacts c ON c.account_id = qc.account_id AND c.contact_id = qc.contact_id
            WHERE qc.account_id = ${account} AND qc.quote_id = ${quoteId}
              AND (${quoteContactId ?? null}::int IS NULL OR qc.quote_contact_id = ${quoteContactId ?? null}::int)
            ORDER BY qc.contact_order, qc.quote_contact_id LIMIT 1`
    const c = rows[0]
    if (c === undefined) return "Your customer"
    const name = c.contact_type === "company" ? (c.name_first ?? "").trim() : personName(c.name_first, c.name_last)
    return name === "" ? "Your customer" : name
  })

/** A member's name as teammates see it. */
const memberName = (signinId: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [s] = yield* sql<{ name_first: string; name_last: string; name_display: string; email: string }>`
      SELECT name_first, name_last, name_display, email FROM signins WHERE signin_id = ${signinId}`
    if (s === undefined) return "A teammate"
    const name = s.name_display.trim() !== "" ? s.name_display.trim() : personName(s.name_first, s.name_last)
    return name === "" ? s.email : name
  })

/** Each member's stored choices (the defaults for one without). */
const preferencesOf = (account: number, who: ReadonlyArray<number>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const stored =
      who.length > 0
        ? yield* sql<{ signin_id: number; preferences: unknown }>`
          SELECT signin_id, preferences FROM notification_preferences
          WHERE account_id = ${account} AND signin_id IN ${sql.in(who)}`
        : []
    const byMember = new Map(stored.map((r) => [r.signin_id, Notification.fromStored(r.preferences)]))
    return (signinId: number) => byMember.get(signinId) ?? Notification.defaults
  })

/** Of `who`, those who are members of the account now (an invitation not yet accepted hears nothing). */
const membersOnly = (account: number, who: ReadonlyArray<number>) =>
  Effect.gen(function* () {
    if (who.length === 0) return []
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ signin_id: number }>`
      SELECT signin_id FROM memberships
      WHERE account_id = ${account} AND joined_at IS NOT NULL AND signin_id IN ${sql.in(who)}`
    const members = new Set(rows.map((r) => r.signin_id))
    return who.filter((id) => members.has(id))
  })

/** Whether the account has notifications (add-on 9) on: until an admin switches them off. */
const switchedOn = (account: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [s] = yield* sql<{ enabled: boolean }>`
      SELECT enabled FROM addon_switches WHERE account_id = ${account} AND addon_id = ${Notification.ADD_ON_ID}`
    return s?.enabled ?? true
  })

/** Write one event's notifications (see the module header); the members who got one. */
const write = (input: {
  readonly account: number
  readonly quote_id: number
  readonly kind: Notification.Kind
  readonly key: string
  readonly actor: string
  readonly quote: { readonly quote_no: number | null; readonly title: string }
  readonly text: string
  readonly who: ReadonlyArray<number>
}) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    if (!(yield* switchedOn(input.account))) return []
    const who = yield* membersOnly(input.account, input.who)
    const planned = Notification.plan(input.kind, who, yield* preferencesOf(input.account, who))
    if (planned.length === 0) return []
    const at = new Date(yield* Clock.currentTimeMillis)
    const quoteName = Notification.quoteName(input.quote)
    const headline = Notification.headline(input.kind, input.actor, quoteName)
    const excerpt = Notification.excerpt(input.text)
    const rows: Array<Record<string, unknown>> = planned.map((p) => ({
      account_id: input.account,
      signin_id: p.signin_id,
      event_key: input.key,
      kind: input.kind,
      quote_id: input.quote_id,
      quote_name: quoteName,
      headline,
      excerpt,
      created_at: at,
      in_app: p.in_app,
      email_mode: p.email
    }))
    if (!Arr.isArrayNonEmpty(rows)) return []
    const written = yield* sql<{ signin_id: number; in_app: boolean; email_mode: string }>`
      INSERT INTO notifications ${sql.insert(rows)}
      ON CONFLICT (account_id, signin_id, event_key) DO NOTHING
      RETURNING signin_id, in_app, email_mode`
    const listed = written.filter((r) => r.in_app).map((r) => r.signin_id)
    if (listed.length > 0)
      yield* QuoteEvents.later({
        account_id: input.account as AccountId,
        topic: TOPIC,
        payload: { quote_id: input.quote_id, signin_ids: listed }
      })
    if (written.some((r) => r.email_mode === "immediate")) {
      const signal = yield* Effect.serviceOption(NotificationSignal)
      if (Option.isSome(signal)) yield* sql.afterCommit(signal.value.wake)
    }
    return written.map((r) => r.signin_id)
  })

/**
 * A customer's event on a quote: the first view, a question, an acceptance or a decline; to the quote's author
 * and watchers. `contact_id` (or the link's `quote_contact_id`) names the customer who did it (else the quote's
 * first contact); `at` (epoch ms) keys
 * an answer; `entry_id` a question.
 */
export const quoteEvent = (input: {
  readonly account: number
  readonly quote_id: number
  readonly kind: "quote.viewed" | "question.asked" | "quote.accepted" | "quote.declined"
  readonly contact_id?: number | undefined
  readonly quote_contact_id?: number | undefined
  readonly entry_id?: number | undefined
  readonly at?: number | undefined
  readonly text?: string | undefined
}) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const quote = yield* quoteOf(input.account, input.quote_id)
    if (Option.isNone(quote)) return []
    const watchers = yield* sql<{ signin_id: number }>`
      SELECT signin_id FROM quote_watchers WHERE account_id = ${input.account} AND quote_id = ${input.quote_id}`
    const who = Notification.recipients({
      kind: input.kind,
      author: quote.value.from_signin_id,
      watchers: watchers.map((w) => w.signin_id),
      mentioned: [],
      actor: null
    })
    return yield* write({
      account: input.account,
      quote_id: input.quote_id,
      kind: input.kind,
      key: Notification.eventKey(input.kind, input),
      actor: yield* customerName(input.account, input.quote_id, input.contact_id, input.quote_contact_id),
      quote: quote.value,
      text: input.text ?? "",
      who
    })
  }).pipe(Effect.orDie)

/**
 * A teammate @mentioned members in a note or comment (`entry_id`) on a quote; to those mentioned, never the
 * writer. An edit that adds a mention tells the newly mentioned; those told before are not told again.
 */
export const mention = (input: {
  readonly account: number
  readonly quote_id: number
  readonly entry_id: number
  readonly actor: number
  readonly mentioned: ReadonlyArray<number>
  readonly text: string
}) =>
  Effect.gen(function* () {
    if (input.mentioned.length === 0) return []
    const quote = yield* quoteOf(input.account, input.quote_id)
    if (Option.isNone(quote)) return []
    const who = Notification.recipients({
      kind: "mention",
      author: null,
      watchers: [],
      mentioned: input.mentioned,
      actor: input.actor
    })
    return yield* write({
      account: input.account,
      quote_id: input.quote_id,
      kind: "mention",
      key: Notification.eventKey("mention", input),
      actor: yield* memberName(input.actor),
      quote: quote.value,
      text: input.text,
      who
    })
  }).pipe(Effect.orDie)
