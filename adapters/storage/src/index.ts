/**
 * Where uploads live: the `Storage` service and its stores (`LocalDisk`, `Memory` for tests, and `S3`, imported
 * on its own as `@quotekit/storage/S3` since it loads the AWS SDK), and `layerFromEnv`, which picks S3 when
 * `QUOTEKIT_S3_BUCKET` is set and the local disk otherwise.
 *
 * @since 0.1.0
 */
import { Effect, Layer, Option } from "effect"
import * as LocalDisk from "./LocalDisk.ts"
import * as S3Config from "./S3Config.ts"
import type { Storage } from "./Storage.ts"

export * as LocalDisk from "./LocalDisk.ts"
export * as Memory from "./Memory.ts"
export * as S3Config from "./S3Config.ts"
export * as Storage from "./Storage.ts"
export * as Transfer from "./Transfer.ts"

/**
 * S3-compatible object storage when `QUOTEKIT_S3_BUCKET` is set (see `S3Config.config`; the AWS SDK is loaded
 * only then), else files under `diskRoot`.
 */
export const layerFromEnv = (diskRoot: string): Layer.Layer<Storage, import("effect/Config").ConfigError> =>
  Layer.unwrap(
    Effect.flatMap(S3Config.config, (s3) =>
      Option.isSome(s3)
        ? Effect.map(
            Effect.promise(() => import("./S3.ts")),
            (S3) => S3.layer(s3.value)
          )
        : Effect.succeed(LocalDisk.layer(diskRoot))
    )
  )
