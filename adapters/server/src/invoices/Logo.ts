/**
 * The account's logo for its documents (invoice and quote PDFs): the uploaded file's bytes, or none when the
 * account has no logo or its file is gone (a document never fails for want of a logo).
 *
 * @since 0.2.0
 */
import type { AccountId } from "@quotekit/core/Account"
import { Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import { FileStorage } from "../uploads/FileStorage.ts"
import { FilesRepo } from "../uploads/Repo.ts"

/** The logo's bytes (PNG or JPEG as uploaded), if any. */
export const bytes = (account: AccountId) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ readonly logo_file_id: number | null }>`
      SELECT logo_file_id FROM accounts WHERE account_id = ${account}`.pipe(Effect.orDie)
    const id = rows[0]?.logo_file_id ?? null
    if (id === null) return Option.none<Uint8Array>()
    const file = yield* (yield* FilesRepo).byId(account, id)
    if (Option.isNone(file) || !/^image\/(png|jpeg)$/.test(file.value.mime)) return Option.none<Uint8Array>()
    return yield* (yield* FileStorage).readAll(file.value.storage_key).pipe(
      Effect.map(Option.some),
      Effect.catch(() => Effect.succeed(Option.none<Uint8Array>()))
    )
  })
