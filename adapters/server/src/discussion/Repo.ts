/**
 * The discussion repository: a quote's entries with their authors, files and mentions, and the writes of new
 * entries, edits, question states, mentions and file attachments. Every statement is filtered by the account.
 *
 * Files reach an entry in two steps: uploaded first (a team member's upload is unattached; a customer's upload is
 * held for their link as `parent_table = 'discussion'` with `parent_id = -quote_contact_id`), then attached when
 * the entry is saved. `attach` only takes files in one of those holding states (or already on the entry), so an
 * entry can never take a file away from an item or another entry, and a customer can attach only their own.
 *
 * @since 0.1.0
 */
import type * as Discussion from "@quotekit/core/Discussion"
import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import * as QuoteEvents from "../push/QuoteEvents.ts"

/** A stored entry with what the views show beside it. */
export interface EntryRecord {
  readonly discuss_id: number
  readonly quote_id: number
  readonly discuss_type: Discussion.Type
  /** The sign-in (team types) or contact (customer types) who wrote it; 0 when unknown. */
  readonly discuss_from: number
  readonly discuss_body: string
  readonly discuss_creation: number
  readonly discuss_modified: number
  readonly parent_question: number
  readonly author_first: string
  readonly author_last: string
  readonly author_image: string
  readonly files: ReadonlyArray<{ readonly file_id: number; readonly name: string }>
  readonly mentioned: ReadonlyArray<number>
}

/** Who holds files waiting to be attached. */
export type Holder = { readonly _tag: "Signin"; readonly id: number } | { readonly _tag: "Link"; readonly id: number }

/** A new entry. */
export interface NewEntry {
  readonly account_id: number
  readonly quote_id: number
  readonly discuss_type: Discussion.Type
  readonly from_signin_id: number | null
  readonly from_contact_id: number | null
  readonly discuss_body: string
  readonly parent_question: number
  readonly at: number
}

/** The repository service. */
export class DiscussionRepo extends Context.Service<
  DiscussionRepo,
  {
    /** A quote's entries, oldest first; private notes only when `withPrivate`. */
    readonly list: (
      account: number,
      quoteId: number,
      options: { readonly withPrivate: boolean }
    ) => Effect.Effect<ReadonlyArray<EntryRecord>>
    readonly byId: (
      account: number,
      discussId: number,
      options?: { readonly forUpdate?: boolean }
    ) => Effect.Effect<Option.Option<EntryRecord>>
    readonly insert: (e: NewEntry) => Effect.Effect<number>
    readonly updateBody: (account: number, discussId: number, body: string, at: number) => Effect.Effect<void>
    readonly setType: (account: number, discussId: number, type: Discussion.Type) => Effect.Effect<void>
    /** Replace the entry's mentions. */
    readonly setMentions: (account: number, discussId: number, signinIds: ReadonlyArray<number>) => Effect.Effect<void>
    /** Attach the files among `fileIds` the holder may attach; returns how many were attached. */
    readonly attach: (
      account: number,
      discussId: number,
      holder: Holder,
      fileIds: ReadonlyArray<number>
    ) => Effect.Effect<number>
    /** Hold an uploaded file for a customer link until their question is saved. */
    readonly holdForLink: (account: number, fileId: number, quoteContactId: number) => Effect.Effect<void>
    /** The team members of the account (for mentions). */
    readonly team: (
      account: number
    ) => Effect.Effect<
      ReadonlyArray<{ readonly signin_id: number; readonly name_first: string; readonly name_last: string }>
    >
  }
>()("quotekit/server/DiscussionRepo") {}

interface Row {
  readonly discuss_id: number
  readonly quote_id: number
  readonly discuss_type: number
  readonly from_signin_id: number | null
  readonly from_contact_id: number | null
  readonly discuss_body: string
  readonly discuss_creation: Date
  readonly discuss_modified: Date
  readonly parent_question: number | null
  readonly author_first: string | null
  readonly author_last: string | null
  readonly author_image: string | null
  readonly files: ReadonlyArray<{ file_id: number; name: string }> | null
  readonly mentioned: ReadonlyArray<number> | null
}

const seconds = (d: Date): number => Math.floor(d.getTime() / 1000)

const toRecord = (r: Row): EntryRecord => ({
  discuss_id: r.discuss_id,
  quote_id: r.quote_id,
  discuss_type: r.discuss_type as Discussion.Type,
  discuss_from: (r.discuss_type >= 10 ? r.from_signin_id : r.from_contact_id) ?? 0,
  discuss_body: r.discuss_body,
  discuss_creation: seconds(r.discuss_creation),
  discuss_modified: seconds(r.discuss_modified),
  parent_question: r.parent_question ?? 0,
  author_first: r.author_first ?? "",
  author_last: r.author_last ?? "",
  author_image: r.author_image ?? "",
  files: r.files ?? [],
  mentioned: r.mentioned ?? []
})

const select = `
  SELECT d.discuss_id, d.quote_id, d.discuss_type::int AS discuss_type, d.from_signin_id, d.from_contact_id,
         d.discuss_body, d.discuss_creation, d.discuss_modified, d.parent_question,
         coalesce(s.name_first, c.name_first, '') AS author_first,
         coalesce(s.name_last, c.name_last, '') AS author_last,
         coalesce(s.image, '') AS author_image,
         (SELECT json_agg(json_build_object('file_id', f.file_id, 'name', f.original_filename) ORDER BY f.file_id)
            FROM files f WHERE f.account_id = d.account_id AND f.parent_table = 'discussion'
              AND f.parent_id = d.discuss_id) AS files,
         (SELECT json_agg(m.signin_id ORDER BY m.signin_id) FROM discussion_mentions m
            WHERE m.account_id = d.account_id AND m.discuss_id = d.discuss_id) AS mentioned
  FROM discussion d
  LEFT JOIN signins s ON s.signin_id = d.from_signin_id
  LEFT JOIN contacts c ON c.account_id = d.account_id AND c.contact_id = d.from_contact_id`

/** The repository over the SQL client. */
export const layer = Layer.effect(
  DiscussionRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const base = sql.literal(select)
    return DiscussionRepo.of({
      list: (account, quoteId, { withPrivate }) =>
        sql<Row>`${base}
          WHERE d.account_id = ${account} AND d.quote_id = ${quoteId} AND (${withPrivate} OR d.discuss_type <> 12)
          ORDER BY d.discuss_creation, d.discuss_id`.pipe(
          Effect.map((rows) => rows.map(toRecord)),
          Effect.orDie
        ),
      byId: (account, discussId, options) =>
        Effect.gen(function* () {
          if (options?.forUpdate === true)
            yield* sql`SELECT 1 FROM discussion WHERE account_id = ${account} AND discuss_id = ${discussId} FOR UPDATE`
          const rows = yield* sql<Row>`${base} WHERE d.account_id = ${account} AND d.discuss_id = ${discussId}`
          return Option.map(Option.fromNullishOr(rows[0]), toRecord)
        }).pipe(Effect.orDie),
      insert: (e) =>
        sql<{ discuss_id: number }>`
          INSERT INTO discussion (account_id, quote_id, discuss_type, from_signin_id, from_contact_id, discuss_body,
                                  parent_question, discuss_creation, discuss_modified)
          VALUES (${e.account_id}, ${e.quote_id}, ${e.discuss_type}, ${e.from_signin_id}, ${e.from_contact_id},
                  ${e.discuss_body}, ${e.parent_question > 0 ? e.parent_question : null}, ${new Date(e.at)},
                  ${new Date(e.at)})
          RETURNING discuss_id`.pipe(
          Effect.map((rows) => rows[0]!.discuss_id),
          Effect.tap(() =>
            QuoteEvents.changed({
              account_id: e.account_id,
              quote_id: e.quote_id,
              what: `discussion.${e.discuss_type}`,
              by: e.from_signin_id === null ? "customer" : "member",
              signin_id: e.from_signin_id
            })
          ),
          Effect.orDie
        ),
      updateBody: (account, discussId, body, at) =>
        sql`UPDATE discussion SET discuss_body = ${body}, discuss_modified = ${new Date(at)}
            WHERE account_id = ${account} AND discuss_id = ${discussId}`.pipe(Effect.asVoid, Effect.orDie),
      // Answering or dismissing a question changes its state, not its words: `discuss_modified` (what the
      // "edited" label and the edit conflict check read) stays the time its text was last written.
      setType: (account, discussId, type) =>
        sql`UPDATE discussion SET discuss_type = ${type}
            WHERE account_id = ${account} AND discuss_id = ${discussId}`.pipe(Effect.asVoid, Effect.orDie),
      setMentions: (account, discussId, signinIds) =>
        Effect.gen(function* () {
          yield* sql`DELETE FROM discussion_mentions WHERE account_id = ${account} AND discuss_id = ${discussId}`
          for (const id of signinIds)
            yield* sql`INSERT INTO discussion_mentions (account_id, discuss_id, signin_id)
                       VALUES (${account}, ${discussId}, ${id}) ON CONFLICT DO NOTHING`
        }).pipe(Effect.orDie),
      attach: (account, discussId, holder, fileIds) =>
        (fileIds.length === 0
          ? Effect.succeed(0)
          : (holder._tag === "Link"
              ? sql<{ file_id: number }>`
                  UPDATE files SET parent_id = ${discussId}
                  WHERE account_id = ${account} AND file_id = ANY(${fileIds as Array<number>}::int[])
                    AND parent_table = 'discussion' AND parent_id IN (${-holder.id}, ${discussId})
                  RETURNING file_id`
              : sql<{ file_id: number }>`
                  UPDATE files SET parent_table = 'discussion', parent_id = ${discussId}
                  WHERE account_id = ${account} AND file_id = ANY(${fileIds as Array<number>}::int[])
                    AND (parent_table IS NULL OR (parent_table = 'discussion' AND parent_id = ${discussId}))
                  RETURNING file_id`
            ).pipe(Effect.map((rows) => rows.length))
        ).pipe(Effect.orDie),
      holdForLink: (account, fileId, quoteContactId) =>
        sql`UPDATE files SET parent_table = 'discussion', parent_id = ${-quoteContactId}
            WHERE account_id = ${account} AND file_id = ${fileId}`.pipe(Effect.asVoid, Effect.orDie),
      team: (account) =>
        sql<{ signin_id: number; name_first: string; name_last: string }>`
          SELECT s.signin_id, s.name_first, s.name_last FROM memberships m JOIN signins s ON s.signin_id = m.signin_id
          WHERE m.account_id = ${account} ORDER BY s.signin_id`.pipe(Effect.orDie)
    })
  })
)
