/**
 * The server's settings: where it listens, how cookies are marked, where the built app lives, how long
 * sessions last, how hard sign-in is rate-limited and where email goes. Read from the environment once by
 * `fromEnv`; tests build their own with `make` (short expiries, tight limits).
 *
 * @since 0.1.0
 */
import { fileURLToPath } from "node:url"
import * as Push from "@quotekit/core/Push"
import { Config, ConfigProvider, Context, Effect, Layer, Option, Redacted } from "effect"

/** A sliding-window limit: at most `max` attempts per `windowSeconds`. */
export interface Limit {
  readonly max: number
  readonly windowSeconds: number
}

/** Everything the server reads at start. */
export interface Settings {
  /** TCP port; 0 picks a free one (tests). */
  readonly port: number
  /** Interface to bind ("0.0.0.0" for all, "127.0.0.1" for local only). */
  readonly host: string
  /** The public base URL (for links in emails); derived from the request when absent. */
  readonly publicUrl: string | undefined
  /** Mark cookies `Secure` (served over https, directly or behind a proxy). */
  readonly secureCookies: boolean
  /** Take the client address from `X-Forwarded-For` (only behind a trusted proxy). */
  readonly trustProxy: boolean
  /** Folder of the built React app (`app/dist`); a placeholder page is served while it does not exist. */
  readonly appRoot: string
  /** A session ends after this long without a request. */
  readonly sessionIdleSeconds: number
  /** A session ends this long after sign-in, however busy. */
  readonly sessionAbsoluteSeconds: number
  /** Sign-in attempts per email address. */
  readonly signinPerEmail: Limit
  /** Sign-in, account creation and reset attempts per client address. */
  readonly signinPerAddress: Limit
  /** How long emailed password reset links work. */
  readonly resetLinkSeconds: number
  /** How long invitations work. */
  readonly invitationSeconds: number
  /** Log one line per answered request. */
  readonly logRequests: boolean
  /** The SMTP relay (`smtp://user:pass@host:587`, `smtps://...`); email is only logged while absent. */
  readonly smtpUrl: Redacted.Redacted<string> | undefined
  /** The sender of every email (`Name <address>` or an address). */
  readonly mailFrom: string
  /** The bearer token `GET /metrics` asks for; without one the endpoint does not exist. */
  readonly metricsToken: Redacted.Redacted<string> | undefined
  /** A real-time connection silent (keep-alives included) for this long is closed. */
  readonly pushIdleCloseMs: number
  /** How often idle real-time connections are looked for. */
  readonly pushSweepEveryMs: number
  /** Most real-time connections one client address may hold at once. */
  readonly pushConnectionsPerAddress: number
  /** Deliver webhooks to loopback, private and link-local addresses too (receivers on the server's own network). */
  readonly webhooksAllowPrivate: boolean
  /** The special offer shown to visitors who arrived through a referral link ("50% off the first 3 months"); none: off. */
  readonly referralOffer: string | undefined
}

/** Default folder of the built app: `<repo>/app/dist`. */
export const defaultAppRoot = fileURLToPath(new URL("../../../app/dist", import.meta.url))

/** The defaults: 14 days idle, 60 days absolute, 10 sign-ins per email and 50 per address per 15 minutes. */
export const defaults: Settings = {
  port: 3000,
  host: "0.0.0.0",
  publicUrl: undefined,
  secureCookies: false,
  trustProxy: false,
  appRoot: defaultAppRoot,
  sessionIdleSeconds: 14 * 24 * 60 * 60,
  sessionAbsoluteSeconds: 60 * 24 * 60 * 60,
  signinPerEmail: { max: 10, windowSeconds: 15 * 60 },
  signinPerAddress: { max: 50, windowSeconds: 15 * 60 },
  resetLinkSeconds: 60 * 60,
  invitationSeconds: 7 * 24 * 60 * 60,
  logRequests: true,
  smtpUrl: undefined,
  mailFrom: "quotekit <no-reply@localhost>",
  metricsToken: undefined,
  pushIdleCloseMs: Push.IDLE_CLOSE_MS,
  pushSweepEveryMs: 30_000,
  pushConnectionsPerAddress: 64,
  webhooksAllowPrivate: false,
  referralOffer: undefined
}

/** The server settings service. */
export class ServerConfig extends Context.Service<ServerConfig, Settings>()("quotekit/server/ServerConfig") {}

/** Settings from the defaults with some replaced. */
export const make = (overrides: Partial<Settings> = {}): Settings => ({ ...defaults, ...overrides })

/** A layer with the given settings. */
export const layer = (overrides: Partial<Settings> = {}): Layer.Layer<ServerConfig> =>
  Layer.succeed(ServerConfig, make(overrides))

/**
 * The SMTP relay from `SMTP_URL`: absent or blank means none; anything but an `smtp://` or `smtps://` URL with a
 * host stops the start with a ConfigError that does not repeat the value (it holds the password).
 */
export const smtpUrl: Config.Config<Redacted.Redacted<string> | undefined> = Config.option(
  Config.Redacted("SMTP_URL")
).pipe(
  Config.mapEffect((found) => {
    if (Option.isNone(found) || Redacted.value(found.value).trim() === "") return Effect.succeed(undefined)
    const raw = Redacted.value(found.value).trim()
    const parsed = URL.canParse(raw) ? new URL(raw) : undefined
    if (parsed === undefined || !["smtp:", "smtps:"].includes(parsed.protocol) || parsed.hostname === "") {
      return Effect.fail(
        new Config.ConfigError(
          new ConfigProvider.SourceError({
            message: "SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465"
          })
        )
      )
    }
    return Effect.succeed(Redacted.make(raw))
  })
)

/** `METRICS_TOKEN`: absent or blank means no `/metrics`; a token under 16 characters stops the start. */
export const metricsToken: Config.Config<Redacted.Redacted<string> | undefined> = Config.option(
  Config.Redacted("METRICS_TOKEN")
).pipe(
  Config.mapEffect((found) => {
    if (Option.isNone(found) || Redacted.value(found.value).trim() === "") return Effect.succeed(undefined)
    if (Redacted.value(found.value).trim().length < 16)
      return Effect.fail(
        new Config.ConfigError(
          new ConfigProvider.SourceError({ message: "METRICS_TOKEN must be at least 16 characters" })
        )
      )
    return Effect.succeed(Redacted.make(Redacted.value(found.value).trim()))
  })
)

/**
 * Settings from the environment: `PORT`, `HOST`, `PUBLIC_URL` (an https URL turns on secure cookies),
 * `COOKIE_SECURE`, `TRUST_PROXY`, `APP_DIST`, `SESSION_IDLE_DAYS`, `SESSION_MAX_DAYS`, `LOG_REQUESTS`,
 * `SMTP_URL`, `SMTP_FROM`, `METRICS_TOKEN`, `WEBHOOKS_ALLOW_PRIVATE`, `REFERRAL_OFFER`.
 */
export const fromEnv: Effect.Effect<Settings, Config.ConfigError> = Effect.gen(function* () {
  const publicUrl = yield* Config.option(Config.String("PUBLIC_URL"))
  const https = Option.match(publicUrl, { onNone: () => false, onSome: (u) => u.startsWith("https://") })
  const days = (name: string, fallback: number) =>
    Config.withDefault(Config.Number(name), fallback / 86400).pipe(Config.map((d) => Math.round(d * 86400)))
  return make({
    port: yield* Config.withDefault(Config.Port("PORT"), defaults.port),
    host: yield* Config.withDefault(Config.String("HOST"), defaults.host),
    publicUrl: Option.getOrUndefined(publicUrl),
    secureCookies: yield* Config.withDefault(Config.Boolean("COOKIE_SECURE"), https),
    trustProxy: yield* Config.withDefault(Config.Boolean("TRUST_PROXY"), false),
    appRoot: yield* Config.withDefault(Config.String("APP_DIST"), defaults.appRoot),
    sessionIdleSeconds: yield* days("SESSION_IDLE_DAYS", defaults.sessionIdleSeconds),
    sessionAbsoluteSeconds: yield* days("SESSION_MAX_DAYS", defaults.sessionAbsoluteSeconds),
    logRequests: yield* Config.withDefault(Config.Boolean("LOG_REQUESTS"), true),
    smtpUrl: yield* smtpUrl,
    mailFrom: yield* Config.withDefault(Config.NonEmptyString("SMTP_FROM"), defaults.mailFrom),
    metricsToken: yield* metricsToken,
    webhooksAllowPrivate: yield* Config.withDefault(Config.Boolean("WEBHOOKS_ALLOW_PRIVATE"), false),
    referralOffer: Option.getOrUndefined(yield* Config.option(Config.NonEmptyString("REFERRAL_OFFER")))
  })
})
