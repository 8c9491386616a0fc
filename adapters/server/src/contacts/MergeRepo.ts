/**
 * Merging two contacts: everything that points at the loser (quote contacts, questions, leads, a company's
 * people, earlier losers) moves to the winner; the winner takes the loser's email when it has none and the
 * phones and addresses it lacks; the loser is archived with `merged_into` set, so its history stays readable
 * and old links still lead to the winner. One transaction.
 *
 * @since 0.1.0
 */
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"

/** What moved to the winner. */
export interface Merged {
  readonly moved_quotes: number
  readonly moved_people: number
}

/** The merge repository service. */
export class ContactMergeRepo extends Context.Service<
  ContactMergeRepo,
  { readonly merge: (account: number, signin: number, loser: number, winner: number) => Effect.Effect<Merged> }
>()("quotekit/server/ContactMergeRepo") {}

/** The merge over SQL. */
export const layer = Layer.effect(
  ContactMergeRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return ContactMergeRepo.of({
      merge: (account, signin, loser, winner) =>
        sql
          .withTransaction(
            Effect.gen(function* () {
              // A quote that already has the winner keeps that row; the loser's row goes.
              yield* sql`
                DELETE FROM quote_contacts l WHERE l.account_id = ${account} AND l.contact_id = ${loser}
                  AND EXISTS (SELECT 1 FROM quote_contacts w
                              WHERE w.quote_id = l.quote_id AND w.contact_id = ${winner})`
              const quotes = yield* sql<{ quote_id: number }>`
                UPDATE quote_contacts SET contact_id = ${winner}
                WHERE account_id = ${account} AND contact_id = ${loser} RETURNING quote_id`
              yield* sql`UPDATE discussion SET from_contact_id = ${winner}
                         WHERE account_id = ${account} AND from_contact_id = ${loser}`
              yield* sql`UPDATE leads SET contact_id = ${winner} WHERE account_id = ${account} AND contact_id = ${loser}`
              const people = yield* sql<{ contact_id: number }>`
                UPDATE contacts SET company_id = ${winner}, modified = now()
                WHERE account_id = ${account} AND company_id = ${loser} AND contact_id <> ${winner}
                RETURNING contact_id`
              yield* sql`UPDATE contacts SET merged_into = ${winner}
                         WHERE account_id = ${account} AND merged_into = ${loser}`
              yield* sql`
                UPDATE contacts w SET email = l.email
                FROM contacts l
                WHERE w.account_id = ${account} AND w.contact_id = ${winner} AND w.email = ''
                  AND l.account_id = ${account} AND l.contact_id = ${loser}`
              yield* sql`
                INSERT INTO contact_methods (account_id, contact_id, phone_other, phone_other_type, order_index)
                SELECT ${account}, ${winner}, l.phone_other, l.phone_other_type, 100 + l.order_index
                FROM contact_methods l
                WHERE l.account_id = ${account} AND l.contact_id = ${loser}
                  AND NOT EXISTS (SELECT 1 FROM contact_methods w
                                  WHERE w.account_id = ${account} AND w.contact_id = ${winner}
                                    AND lower(w.phone_other) = lower(l.phone_other))`
              yield* sql`
                INSERT INTO contact_addresses (account_id, contact_id, address, city, state, zip, country,
                                               address_type, order_index)
                SELECT ${account}, ${winner}, l.address, l.city, l.state, l.zip, l.country,
                       CASE WHEN l.address_type = 'primary' THEN 'postal' ELSE l.address_type END, 100 + l.order_index
                FROM contact_addresses l
                WHERE l.account_id = ${account} AND l.contact_id = ${loser}
                  AND NOT EXISTS (SELECT 1 FROM contact_addresses w
                                  WHERE w.account_id = ${account} AND w.contact_id = ${winner}
                                    AND lower(w.address) = lower(l.address) AND lower(w.city) = lower(l.city)
                                    AND lower(w.zip) = lower(l.zip))`
              yield* sql`
                UPDATE contacts w SET modified = now(), modified_by = ${signin},
                  search_text = left(w.search_text || ' ' || l.search_text, 4000)
                FROM contacts l
                WHERE w.account_id = ${account} AND w.contact_id = ${winner}
                  AND l.account_id = ${account} AND l.contact_id = ${loser}`
              yield* sql`UPDATE contacts SET archive_id = 2, merged_into = ${winner}, modified = now(),
                           modified_by = ${signin}
                         WHERE account_id = ${account} AND contact_id = ${loser}`
              return {
                moved_quotes: new Set(quotes.map((q) => q.quote_id)).size,
                moved_people: people.length
              }
            })
          )
          .pipe(Effect.orDie)
    })
  })
)
