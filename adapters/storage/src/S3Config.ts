/**
 * The settings of S3-compatible object storage, read from the environment without loading the AWS SDK (a
 * server on the local disk never loads it). See `S3` for what each setting does.
 *
 * @since 0.1.0
 */
import { Config, Option } from "effect"

/** Where the objects are. */
export interface S3Options {
  readonly bucket: string
  readonly region: string
  /** The server's URL for anything but AWS itself (`http://127.0.0.1:9000`); path-style addressing then. */
  readonly endpoint?: string | undefined
  /** A folder in the bucket under which every key is stored (`quotekit/`); none by default. */
  readonly prefix?: string | undefined
  /** Credentials; the SDK's usual chain (environment, profile, instance role) when absent. */
  readonly credentials?: { readonly accessKeyId: string; readonly secretAccessKey: string } | undefined
}

/** The S3 settings from the environment; none when `QUOTEKIT_S3_BUCKET` is unset or blank. */
export const config: Config.Config<Option.Option<S3Options>> = Config.all({
  bucket: Config.String("QUOTEKIT_S3_BUCKET").pipe(Config.withDefault("")),
  region: Config.String("QUOTEKIT_S3_REGION").pipe(Config.withDefault("us-east-1")),
  endpoint: Config.String("QUOTEKIT_S3_ENDPOINT").pipe(Config.withDefault("")),
  prefix: Config.String("QUOTEKIT_S3_PREFIX").pipe(Config.withDefault(""))
}).pipe(
  Config.map(({ bucket, region, endpoint, prefix }) =>
    bucket.trim() === ""
      ? Option.none()
      : Option.some({
          bucket: bucket.trim(),
          region: region.trim() || "us-east-1",
          ...(endpoint.trim() === "" ? {} : { endpoint: endpoint.trim() }),
          ...(prefix.trim() === "" ? {} : { prefix: prefix.trim() })
        })
  )
)
