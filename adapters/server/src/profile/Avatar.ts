/**
 * A team member's profile photo. It is uploaded through `POST /service/file-upload/avatar` on the image limits
 * (60 MB, an image by its bytes) into the uploader's account, and served at `GET /avatars/{signin}/{file}`
 * to anyone signed in to an account the member belongs to, so a person in several accounts shows the same
 * photo in each; anyone else, and a photo replaced or cleared since, gets 404. The address names the file, so
 * a new photo is a new address and browsers may keep the old one cached.
 *
 * @since 0.1.0
 */
import { NotFound } from "@quotekit/core/api/ApiError"
import { Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import { AccountCache } from "../account/Cache.ts"
import type { FileRow } from "../uploads/Repo.ts"
import { respond } from "../uploads/Serve.ts"

/** The address a member's photo is served at (what `signins.image` holds). */
export const urlOf = (signin: number, fileId: number): string => `/avatars/${signin}/${fileId}`

/**
 * The file of a member's current photo, when the account asking has that member: the file must be attached
 * to the member (`parent_table = 'signins'`) and be the photo their profile names now.
 */
export const find = (account: number, signin: number, fileId: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<FileRow>`
      SELECT f.file_id, f.account_id, f.hash, f.original_filename, f.mime, f.size::float8 AS size, f.storage_key,
             f.parent_table, f.parent_id
      FROM files f
      JOIN signins s ON s.signin_id = f.parent_id
      JOIN memberships m ON m.signin_id = s.signin_id AND m.account_id = ${account}
      WHERE f.file_id = ${fileId} AND f.parent_table = 'signins' AND f.parent_id = ${signin}
        AND s.image = ${urlOf(signin, fileId)}`.pipe(Effect.orDie)
    return Option.fromNullishOr(rows[0])
  })

/** Answer a member's photo for an account (see `find`), or 404. */
export const serve = (account: number, signin: number, fileId: number) =>
  Effect.gen(function* () {
    const file = yield* find(account, signin, fileId)
    if (Option.isNone(file)) return yield* NotFound.answer()
    return yield* respond(file.value)
  })

/**
 * Drop the cached team lists of every account the member belongs to, so the new (or cleared) photo shows
 * in each at once, not only in the account they changed it from.
 */
export const photoChanged = (signin: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const cache = yield* AccountCache
    const accounts = yield* sql<{ account_id: number }>`
      SELECT account_id FROM memberships WHERE signin_id = ${signin}`.pipe(Effect.orDie)
    yield* Effect.forEach(accounts, (a) => cache.invalidateAccount(a.account_id as never), { discard: true })
    yield* cache.invalidateSignin(signin as never)
  })
