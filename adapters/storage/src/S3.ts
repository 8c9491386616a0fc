/**
 * `Storage` on S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, Backblaze B2, s3rver…) through
 * `@aws-sdk/client-s3`: the object under a key is the bucket's object of that key, below an optional prefix.
 *
 * A put first spools the stream to a temporary file (counting bytes against the limit as they arrive), then
 * sends it with its length in one `PutObject`: S3 needs the length up front, and an object cut off by the limit
 * never reaches the bucket. `PutObject` is atomic, so a reader sees the whole object or none.
 *
 * Configuration (`config`): `QUOTEKIT_S3_BUCKET` (turns S3 on), `QUOTEKIT_S3_REGION` (default `us-east-1`),
 * `QUOTEKIT_S3_ENDPOINT` (for anything but AWS; path-style addressing is then used, which every S3-compatible
 * server accepts), `QUOTEKIT_S3_PREFIX` (a folder in the bucket). Credentials come from the SDK's usual chain:
 * `AWS_ACCESS_KEY_ID` / `AWS_SECRET_ACCESS_KEY` (and `AWS_SESSION_TOKEN`), a profile, or the instance's role.
 *
 * @since 0.1.0
 */
import { randomBytes } from "node:crypto"
import { createReadStream } from "node:fs"
import { mkdtemp, open, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Readable } from "node:stream"
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client
} from "@aws-sdk/client-s3"
import { Effect, Layer, Option, Stream } from "effect"
import type { S3Options } from "./S3Config.ts"
import {
  DEFAULT_CONTENT_TYPE,
  InvalidKey,
  isValidKey,
  ObjectMissing,
  ObjectTooLarge,
  Storage,
  StorageFailed
} from "./Storage.ts"

const reason = (cause: unknown) => (cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause))
const statusOf = (cause: unknown) =>
  (cause as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode
const isMissing = (cause: unknown) =>
  statusOf(cause) === 404 || ["NoSuchKey", "NotFound"].includes((cause as { name?: string } | null)?.name ?? "")

/** A store on the bucket of `options`, with a client of its own (closed when `destroy` is called). */
export const make = (options: S3Options) => {
  const client = new S3Client({
    region: options.region,
    // Checksums only where S3 requires them: the SDK's default streams bodies with `aws-chunked` trailing
    // checksums, which several S3-compatible servers store verbatim or refuse.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    ...(options.endpoint === undefined ? {} : { endpoint: options.endpoint, forcePathStyle: true }),
    ...(options.credentials === undefined ? {} : { credentials: { ...options.credentials } })
  })
  const prefix = options.prefix === undefined || options.prefix === "" ? "" : options.prefix.replace(/\/*$/, "/")
  const Bucket = options.bucket
  const objectKey = (key: string) =>
    isValidKey(key) ? Effect.succeed(`${prefix}${key}`) : Effect.fail(new InvalidKey({ key }))

  const storage = Storage.of({
    kind: "s3",
    put: (key, body, putOptions) =>
      Effect.gen(function* () {
        const Key = yield* objectKey(key)
        const failed = (cause: unknown) => new StorageFailed({ operation: "put", key, reason: reason(cause) })
        const spoolDir = yield* Effect.acquireRelease(
          Effect.tryPromise({ try: () => mkdtemp(join(tmpdir(), "quotekit-s3-put-")), catch: failed }),
          (dir) => Effect.promise(() => rm(dir, { recursive: true, force: true }))
        )
        const spool = join(spoolDir, randomBytes(8).toString("hex"))
        const handle = yield* Effect.acquireRelease(
          Effect.tryPromise({ try: () => open(spool, "wx", 0o600), catch: failed }),
          (h) => Effect.promise(() => h.close().catch(() => undefined))
        )
        let size = 0
        yield* Stream.runForEach(body, (chunk): Effect.Effect<void, ObjectTooLarge | StorageFailed> => {
          size += chunk.length
          if (size > putOptions.maxBytes)
            return Effect.fail(new ObjectTooLarge({ key, maxBytes: putOptions.maxBytes, bytes: size }))
          return Effect.asVoid(Effect.tryPromise({ try: () => handle.write(chunk), catch: failed }))
        })
        yield* Effect.tryPromise({
          try: (signal) =>
            client.send(
              new PutObjectCommand({
                Bucket,
                Key,
                Body: createReadStream(spool),
                ContentLength: size,
                ContentType: putOptions.contentType
              }),
              { abortSignal: signal }
            ),
          catch: failed
        })
        return { size, contentType: putOptions.contentType }
      }).pipe(Effect.scoped),
    get: (key) =>
      Stream.unwrap(
        Effect.gen(function* () {
          const Key = yield* objectKey(key)
          const answer = yield* Effect.tryPromise({
            try: (signal) => client.send(new GetObjectCommand({ Bucket, Key }), { abortSignal: signal }),
            catch: (cause) =>
              isMissing(cause)
                ? new ObjectMissing({ key })
                : new StorageFailed({ operation: "get", key, reason: reason(cause) })
          })
          if (answer.Body === undefined) return Stream.empty
          return Stream.fromAsyncIterable(
            answer.Body as Readable as AsyncIterable<Uint8Array>,
            (cause) => new StorageFailed({ operation: "get", key, reason: reason(cause) })
          )
        })
      ),
    head: (key) =>
      Effect.gen(function* () {
        const Key = yield* objectKey(key)
        return yield* Effect.tryPromise({
          try: (signal) => client.send(new HeadObjectCommand({ Bucket, Key }), { abortSignal: signal }),
          catch: (cause) => cause
        }).pipe(
          Effect.map((h) =>
            Option.some({ size: h.ContentLength ?? 0, contentType: h.ContentType ?? DEFAULT_CONTENT_TYPE })
          ),
          Effect.catch((cause) =>
            isMissing(cause)
              ? Effect.succeed(Option.none())
              : Effect.fail(new StorageFailed({ operation: "head", key, reason: reason(cause) }))
          )
        )
      }),
    delete: (key) =>
      Effect.gen(function* () {
        const Key = yield* objectKey(key)
        yield* Effect.tryPromise({
          try: (signal) => client.send(new DeleteObjectCommand({ Bucket, Key }), { abortSignal: signal }),
          catch: (cause) => new StorageFailed({ operation: "delete", key, reason: reason(cause) })
        })
      }),
    list: (keyPrefix) =>
      Stream.fromAsyncIterable(
        (async function* () {
          let token: string | undefined
          do {
            const page = await client.send(
              new ListObjectsV2Command({
                Bucket,
                Prefix: `${prefix}${keyPrefix}`,
                ...(token === undefined ? {} : { ContinuationToken: token })
              })
            )
            for (const o of page.Contents ?? []) {
              const key = (o.Key ?? "").slice(prefix.length)
              if (isValidKey(key)) yield key
            }
            token = page.IsTruncated === true ? page.NextContinuationToken : undefined
          } while (token !== undefined)
        })(),
        (cause) => new StorageFailed({ operation: "list", key: keyPrefix, reason: reason(cause) })
      )
  })
  return { storage, destroy: () => client.destroy() }
}

/** A layer of the store on `options`' bucket; its client is closed with the layer. */
export const layer = (options: S3Options): Layer.Layer<Storage> =>
  Layer.effect(
    Storage,
    Effect.map(
      Effect.acquireRelease(
        Effect.sync(() => make(options)),
        (made) => Effect.sync(made.destroy)
      ),
      (made) => made.storage
    )
  )

/** The settings (`S3Options`) from `QUOTEKIT_S3_*`. */
export { config, type S3Options } from "./S3Config.ts"
