/**
 * The uploads of a quotekit whose files live in S3-compatible object storage (`QUOTEKIT_S3_BUCKET`), as
 * `npm run backup` and `npm run restore` take them: every object copied into the backup, and back into the
 * bucket on restore.
 */
import * as Backup from "@quotekit/pg/Backup"
import { S3Config, Transfer } from "@quotekit/storage"
import { Effect, Option } from "effect"

/**
 * The bucket's uploads for `Backup.create` / `Backup.restore` when `QUOTEKIT_S3_BUCKET` is set (the AWS SDK is
 * loaded only then); undefined when the uploads are on the local disk (the backup takes `files` from the data
 * folder then). Each copy has a client of its own, closed when it ends, so the script exits once done.
 */
export const fromEnv = async (): Promise<Backup.Uploads | undefined> => {
  const s3 = await Effect.runPromise(
    Effect.gen(function* () {
      return yield* S3Config.config
    })
  )
  if (Option.isNone(s3)) return undefined
  const S3 = await import("@quotekit/storage/S3")
  const options = s3.value
  const failed = (what: string) => (e: { readonly message: string }) =>
    new Backup.BackupFailed({ reason: `${what} bucket ${options.bucket}: ${e.message}` })
  const withStore = <A, E>(use: (storage: ReturnType<typeof S3.make>["storage"]) => Effect.Effect<A, E>) =>
    Effect.acquireUseRelease(
      Effect.sync(() => S3.make(options)),
      (made) => use(made.storage),
      (made) => Effect.sync(made.destroy)
    )
  return {
    save: (dir) =>
      withStore((storage) => Transfer.exportTo(storage, dir)).pipe(
        Effect.mapError(failed("The uploads could not be read from the"))
      ),
    load: (dir) =>
      withStore((storage) => Transfer.importFrom(storage, dir)).pipe(
        Effect.mapError(failed("The uploads could not be stored in the"))
      )
  }
}
