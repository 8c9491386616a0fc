/**
 * Tenant-isolation probes of the reviews endpoints (run by `TenantIsolation.integration.test` with the other
 * probes, see `TenantProbes.ts`): the victim's reviews carry the marker in their message and reviewer name; the
 * intruder lists, marks seen and acts on reviews by id, and must never see them nor feature, archive, restore or
 * mark them seen (every probe's reviews are checked, so a leak of marking seen shows in the action probe's rows).
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { Member, Probe } from "../TenantProbes.ts"

/** Two current reviews and an archived featured one, none seen. */
const reviewSeed = (victim: Member) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ review_id: number }>`
      INSERT INTO reviews (account_id, stars, message, reviewer_name, featured, archive_id)
      VALUES (${victim.accountId}, 5, ${`Great ${victim.marker}`}, ${`Vic ${victim.marker}`}, false, 1),
             (${victim.accountId}, 4, ${`Good ${victim.marker}`}, ${`Val ${victim.marker}`}, false, 1),
             (${victim.accountId}, 3, ${`Fine ${victim.marker}`}, ${`Vin ${victim.marker}`}, true, 2)
      RETURNING review_id`
    return rows.map((r) => r.review_id)
  })

const reviewsUnchanged = (victim: Member, ids: ReadonlyArray<number>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [row] = yield* sql<{ current: number; archived: number }>`
      SELECT count(*) FILTER (WHERE archive_id = 1 AND NOT featured)::int AS current,
             count(*) FILTER (WHERE archive_id = 2 AND featured)::int AS archived
      FROM reviews
      WHERE account_id = ${victim.accountId} AND review_id IN ${sql.in(ids)} AND NOT seen`
    return row?.current === 2 && row.archived === 1
  })

const actions = ["feature", "unfeature", "archive", "restore"] as const

/** The reviews probes. */
export const reviewProbes: ReadonlyArray<Probe> = [
  {
    name: "list reviews",
    seed: reviewSeed,
    request: (intruder, id) => intruder.get(`/get/reviews?archive=${id % 2 === 0 ? "current" : "archived"}`)
  },
  {
    name: "mark reviews seen",
    seed: reviewSeed,
    request: (intruder) => intruder.post("/post/reviews-seen")
  },
  {
    name: "feature, archive or restore a review",
    seed: reviewSeed,
    request: (intruder, id) => intruder.post(`/post/review-action/${id}/${actions[id % actions.length]}`),
    unchanged: reviewsUnchanged
  }
]
