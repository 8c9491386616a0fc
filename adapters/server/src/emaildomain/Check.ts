/**
 * Looking an account's records up: the three TXT look-ups judged by the core's rules and stored, on demand
 * ("Check again", saving) and in the background. A domain's records can change after it was verified (a DKIM
 * record removed by a DNS clean-up), and a signature that no longer verifies would fail DMARC, so every
 * domain is looked up again once a day: a record gone makes the domain unverified, and its emails go out the
 * server's way (see `Routing.ts`) until it is back. Several server processes share the work: each claims a few
 * domains due a look-up with `FOR UPDATE SKIP LOCKED`, marking them looked up before asking DNS.
 *
 * @since 0.6.0
 */
import * as EmailDomain from "@quotekit/core/EmailDomain"
import { Clock, Duration, Effect, Layer, Redacted, Schedule } from "effect"
import { ServerConfig, type Settings } from "../ServerConfig.ts"
import { Dns } from "./Dns.ts"
import { EmailDomainRepo, type Stored, type StoredCheck, type StoredRelay } from "./Repo.ts"

/** How old a look-up may get before the background looks the domain up again. */
export const RECHECK_AFTER_MS = 24 * 3600_000
/** How often the background looks for domains due a look-up. */
export const INTERVAL = Duration.hours(1)
/** Domains looked up per round. */
export const BATCH = 20

/** The host of the server's own relay, if it has one. */
const serverRelayHost = (config: Settings): string | null => {
  if (config.smtpUrl === undefined) return null
  const raw = Redacted.value(config.smtpUrl)
  return URL.canParse(raw) ? new URL(raw).hostname : null
}

/** What SPF must allow: the account's relay, else the server's, else the domain's own mail servers. */
export const mechanismFor = (relay: StoredRelay | null, config: Settings): string => {
  const host = relay?.host ?? serverRelayHost(config)
  return host === null ? "mx" : EmailDomain.spfMechanism(host)
}

/** Look the three records up and store what was found; `DnsUnavailable` when DNS does not answer. */
export const check = (s: Stored) =>
  Effect.gen(function* () {
    const dns = yield* Dns
    const config = yield* ServerConfig
    const [spf, dkim, dmarc] = yield* Effect.all(
      [
        dns.txt(s.domain),
        dns.txt(EmailDomain.dkimName(s.dkim_selector, s.domain)),
        dns.txt(EmailDomain.dmarcName(s.domain))
      ],
      { concurrency: 3 }
    )
    const checks: Record<"spf" | "dkim" | "dmarc", StoredCheck> = {
      spf: EmailDomain.checkSpf(spf, mechanismFor(s.relay, config)),
      dkim: EmailDomain.checkDkim(dkim, s.dkim_public_key),
      dmarc: EmailDomain.checkDmarc(dmarc)
    }
    yield* (yield* EmailDomainRepo).recordChecks(s.account_id, checks, yield* Clock.currentTimeMillis)
  })

/**
 * One background round: claim the domains whose last look-up is older than `RECHECK_AFTER_MS` and look each up;
 * how many were looked up. A domain DNS does not answer for keeps what was found before, until the next round.
 */
export const recheckDue = Effect.gen(function* () {
  const repo = yield* EmailDomainRepo
  const now = yield* Clock.currentTimeMillis
  const due = yield* repo.claimStale(now - RECHECK_AFTER_MS, now, BATCH)
  let looked = 0
  for (const s of due) {
    const done = yield* check(s).pipe(
      Effect.as(true),
      Effect.catchTag("DnsUnavailable", (e) =>
        Effect.as(Effect.logWarning(`email domain ${s.domain} not looked up again: ${e.reason}`), false)
      )
    )
    if (done) looked++
  }
  return looked
})

/** Looks the domains up again in the background for as long as the layer lives; a failed round is logged. */
export const layer = Layer.effectDiscard(
  recheckDue.pipe(
    Effect.catchCause((cause) => Effect.logWarning("email domain look-ups failed", cause)),
    Effect.repeat(Schedule.spaced(INTERVAL)),
    Effect.forkScoped
  )
)
