/**
 * Who may join which real-time room, and what joining does: the server's `Doorman` for the push gateway.
 *
 * - `account`: a live session with an account chosen; the room is that account's. Its state is the quotes being
 *   viewed right now.
 * - `quote-view:{id}`: a member of the quote's account; `quote-view` with a customer link's token: that link's
 *   quote. Joining makes the visitor a live viewer (a `live-quote` event tells the account); a team member who
 *   opens the customer page counts as a member. Its state is the viewers and the quote's `edit_seq` and `status`
 *   as committed, so a page can tell a later `quote-changed` that is newer than what it holds.
 * - `sign:{account}/{quoteContact}/{code}`: anyone holding the room's parts (its code is the secret) while the
 *   room lives and its quote waits for an answer. The room relays the phone's drawing (`sig-update`, stored so a
 *   late joiner and another process see it) and its 'done' (`sig-changed`).
 *
 * A refusal never says whether a quote or room of another account exists.
 *
 * @since 0.3.0
 */
import { randomBytes } from "node:crypto"
import type { AccountId } from "@quotekit/core/Account"
import * as EventBus from "@quotekit/core/EventBus"
import * as Push from "@quotekit/core/Push"
import type { UpdateData } from "@quotekit/core/PushMessage"
import * as Signature from "@quotekit/core/Signature"
import { Doorman, type Presence, Refused, type Visitor } from "@quotekit/push/Doorman"
import { Effect, Layer, Option, Schedule } from "effect"
import { SqlClient } from "effect/sql"
import { Sessions } from "../auth/Session.ts"
import * as Token from "../auth/Token.ts"
import * as Links from "../customer/Links.ts"
import * as LiveViewers from "./LiveViewers.ts"
import * as SignRooms from "./SignRooms.ts"

/** How often this process refreshes its websockets' viewer rows and drops stale ones (well inside the stale limit). */
const REFRESH_EVERY = "30 seconds"

/** A signature value larger than this travels by reference (the bus carries at most `EventBus.MAX_EVENT_BYTES`). */
const INLINE_SIGNATURE = 6_000

const refuse = (reason: string) => Effect.fail(new Refused({ reason }))

/** The doorman over the database, the sessions and the bus. */
export const layer = Layer.effect(
  Doorman,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const sessions = yield* Sessions
    const bus = yield* EventBus.EventBus
    const context = yield* Effect.context<SqlClient.SqlClient>()
    const boot = `s:${randomBytes(6).toString("base64url")}:`

    const publish = (event: EventBus.AccountEvent) =>
      bus.publish(event).pipe(Effect.catchCause((cause) => Effect.logWarning("push: event not published", cause)))

    const tellViewers = (account: number, quoteId: number) =>
      LiveViewers.onQuote(account, quoteId).pipe(
        Effect.flatMap((viewers) =>
          publish({
            account_id: account as AccountId,
            topic: "live-quote",
            payload: { quote_id: quoteId, viewers: viewers as never }
          })
        )
      )

    const memberOf = (token: string | undefined) =>
      Effect.gen(function* () {
        if (token === undefined || !Token.isWellFormed(token)) return Option.none()
        const signin = yield* Effect.option(sessions.resolve(token))
        if (Option.isNone(signin) || signin.value.account === null) return Option.none()
        const rows = yield* sql<{ name: string }>`
          SELECT coalesce(nullif(name_display, ''), nullif(btrim(name_first || ' ' || name_last), ''), email) AS name
          FROM signins WHERE signin_id = ${signin.value.signin_id}`.pipe(Effect.orDie)
        return Option.some({
          account: signin.value.account.account_id as number,
          signin: signin.value.signin_id as number,
          name: rows[0]?.name ?? ""
        })
      })

    const view = (entry: Omit<LiveViewers.Entry, "viewer_id">, presence: "socket" | "poll", pollerId: string) =>
      Effect.gen(function* () {
        const viewer_id = presence === "socket" ? `${boot}${randomBytes(9).toString("base64url")}` : pollerId
        const fresh = yield* LiveViewers.enter({ ...entry, viewer_id })
        if (fresh) yield* tellViewers(entry.account_id, entry.quote_id)
        const viewers = yield* LiveViewers.onQuote(entry.account_id, entry.quote_id)
        const [quote] = yield* sql<{ edit_seq: number; status: string }>`
          SELECT edit_seq, status FROM quotes
          WHERE account_id = ${entry.account_id} AND quote_id = ${entry.quote_id}`.pipe(Effect.orDie)
        return {
          key: `${entry.account_id}:${Push.quoteViewRoom(entry.quote_id)}`,
          account: entry.account_id,
          state: { viewers, ...quote },
          ...(presence === "socket"
            ? {
                release: LiveViewers.leave(viewer_id).pipe(
                  Effect.flatMap((left) => (left ? tellViewers(entry.account_id, entry.quote_id) : Effect.void)),
                  Effect.provide(context)
                )
              }
            : {})
        }
      })

    const signRoom = (account: number, quoteContact: number, code: string) =>
      Effect.gen(function* () {
        const found = yield* SignRooms.find(account, quoteContact, code)
        if (Option.isNone(found)) return yield* refuse(Push.refusals.unknownRoom)
        const room = found.value
        if (room.used) return yield* refuse(Push.refusals.signLinkUsed)
        if (room.expired) return yield* refuse(Push.refusals.signLinkExpired)
        const name = Push.signRoom(SignRooms.partsOf(room))
        const relay = (update: UpdateData) =>
          Effect.gen(function* () {
            if (update.data.quoteId !== room.quote_id) return yield* refuse(Push.refusals.notYours)
            if (update.event === "sig-changed")
              return yield* publish({
                account_id: account as AccountId,
                room: name,
                topic: "sig-changed",
                payload: { quoteId: room.quote_id }
              })
            const value = update.data.value
            if (value !== "" && Signature.validate(value)._tag === "Failure")
              return yield* refuse("That drawing could not be read.")
            const stored = yield* SignRooms.store(room, value)
            if (Option.isNone(stored)) return yield* refuse(Push.refusals.signLinkExpired)
            yield* publish({
              account_id: account as AccountId,
              room: name,
              topic: "sig-update",
              payload:
                value.length <= INLINE_SIGNATURE
                  ? { quoteId: room.quote_id, value }
                  : { quoteId: room.quote_id, seq: stored.value, stored: true }
            })
          }).pipe(Effect.provide(context))
        return {
          key: `${account}:${name}`,
          account,
          state: { quoteId: room.quote_id, value: room.value },
          relay
        }
      })

    const admit = (
      visitor: Visitor,
      join: { readonly room: string; readonly token?: string | undefined },
      presence: Presence
    ) =>
      Effect.gen(function* () {
        const room = Push.parseRoom(join.room)
        if (room === undefined) return yield* refuse(Push.refusals.unknownRoom)
        switch (room._tag) {
          case "Account": {
            const member = yield* memberOf(visitor.sessionToken)
            if (Option.isNone(member)) return yield* refuse(Push.refusals.signInFirst)
            const live = yield* LiveViewers.inAccount(member.value.account)
            return {
              key: `${member.value.account}:${Push.ACCOUNT_ROOM}`,
              account: member.value.account,
              state: { live }
            }
          }
          case "QuoteView": {
            const member = yield* memberOf(visitor.sessionToken)
            if (room.quoteId !== undefined) {
              if (Option.isNone(member)) return yield* refuse(Push.refusals.signInFirst)
              const { account, signin, name } = member.value
              const rows = yield* sql`
                SELECT 1 FROM quotes WHERE account_id = ${account} AND quote_id = ${room.quoteId} AND deleted_at IS NULL`.pipe(
                Effect.orDie
              )
              if (rows.length === 0) return yield* refuse(Push.refusals.notYours)
              return yield* view(
                { account_id: account, quote_id: room.quoteId, kind: "member", name, signin_id: signin },
                presence,
                `p:${account}:${room.quoteId}:m${signin}`
              )
            }
            const link = yield* Links.resolve(join.token ?? "")
            if (Option.isNone(link)) return yield* refuse(Push.refusals.notYours)
            const { account_id, quote_id, quote_contact_id, contact_name } = link.value
            // A team member previewing the customer page is on the quote as themselves.
            const previewer = Option.filter(member, (m) => m.account === account_id)
            return yield* Option.match(previewer, {
              onSome: (m) =>
                view(
                  { account_id, quote_id, kind: "member", name: m.name, signin_id: m.signin },
                  presence,
                  `p:${account_id}:${quote_id}:m${m.signin}`
                ),
              onNone: () =>
                view(
                  { account_id, quote_id, kind: "customer", name: contact_name, signin_id: null },
                  presence,
                  `p:${account_id}:${quote_id}:c${quote_contact_id}`
                )
            })
          }
          case "Sign":
            return yield* signRoom(room.account, room.quoteContact, room.code)
        }
      }).pipe(
        Effect.catchDefect((defect) =>
          Effect.logError("push: admission failed", defect).pipe(Effect.andThen(refuse(Push.refusals.unknownRoom)))
        )
      )

    const expand: Doorman["Service"]["expand"] = (event) => {
      const payload = event.payload as { stored?: unknown; quoteId?: unknown } | null
      if (event.topic !== "sig-update" || payload?.stored !== true || event.room === undefined)
        return Effect.succeed(event)
      const parts = Push.parseRoom(event.room)
      if (parts?._tag !== "Sign") return Effect.succeed(event)
      return SignRooms.find(parts.account, parts.quoteContact, parts.code).pipe(
        Effect.map((room) =>
          Option.match(room, {
            onNone: () => event,
            onSome: (r) => ({ ...event, payload: { quoteId: r.quote_id, value: r.value } })
          })
        ),
        Effect.provide(context),
        Effect.catchDefect(() => Effect.succeed(event))
      )
    }

    // This process's websocket viewers stay counted; viewers nobody refreshed (a stopped poller, a crashed process)
    // are dropped and their quotes' accounts told. Old signing rooms are forgotten.
    yield* Effect.gen(function* () {
      yield* LiveViewers.touch(boot)
      for (const gone of yield* LiveViewers.sweep) yield* tellViewers(gone.account_id, gone.quote_id)
      yield* SignRooms.sweep
    }).pipe(
      Effect.catchCause((cause) => Effect.logWarning("push: viewer refresh failed", cause)),
      Effect.repeat(Schedule.spaced(REFRESH_EVERY)),
      Effect.forkScoped
    )
    // Whatever this process's websockets were viewing when it stops is no longer viewed.
    yield* Effect.addFinalizer(() =>
      sql<{ account_id: number; quote_id: number }>`
        DELETE FROM live_viewers WHERE starts_with(viewer_id, ${boot}) RETURNING account_id, quote_id`.pipe(
        Effect.flatMap((rows) =>
          Effect.forEach(new Map(rows.map((r) => [`${r.account_id}:${r.quote_id}`, r])).values(), (r) =>
            tellViewers(r.account_id, r.quote_id)
          )
        ),
        Effect.provide(context),
        Effect.ignore
      )
    )

    return Doorman.of({ admit: (v, j, p) => admit(v, j, p).pipe(Effect.provide(context)), expand })
  })
)
