/**
 * An account's own SMTP relay for tests: smtp-server on a free loopback port, requiring its own user name and
 * password, keeping every message it accepts with its raw bytes (for DKIM verification) and the envelope sender.
 * A separate service from `SmtpSink` (the server's relay), so one test can tell which relay an email went through.
 */
import { Context, Effect, Layer, Schedule } from "effect"
import { SMTPServer } from "smtp-server"
import { parse, type Received } from "../email/SmtpSink.ts"

/** A message the account's relay took. */
export interface Taken extends Received {
  readonly bytes: Buffer
  readonly replyTo: string
  readonly dkimSignature: string
}

/** The account's relay. */
export class AccountRelay extends Context.Service<
  AccountRelay,
  {
    readonly port: number
    readonly received: ReadonlyArray<Taken>
    /** The latest message to `to` after the first `count`, waiting up to 10 s. */
    readonly next: (to: string, count: number) => Effect.Effect<Taken>
  }
>()("quotekit/test/AccountRelay") {}

export const USER = "acme-relay"
export const PASS = "relay-secret-7"

/** A header of a raw message, unfolded (empty when absent). */
export const header = (raw: string, name: string): string => {
  const head = raw.slice(0, raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ")
  const line = head.split("\r\n").find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`))
  return line === undefined ? "" : line.slice(name.length + 1).trim()
}

/** The relay, listening until the layer closes. */
export const layer = Layer.effect(
  AccountRelay,
  Effect.gen(function* () {
    const received: Array<Taken> = []
    const server = new SMTPServer({
      disabledCommands: ["STARTTLS"],
      allowInsecureAuth: true,
      logger: false,
      onAuth: (auth, _session, callback) =>
        auth.username === USER && auth.password === PASS
          ? callback(null, { user: USER })
          : callback(Object.assign(new Error("5.7.8 Authentication credentials invalid"), { responseCode: 535 })),
      onData: (stream, session, callback) => {
        const chunks: Array<Buffer> = []
        stream.on("data", (chunk: Buffer) => chunks.push(chunk))
        stream.on("end", () => {
          const bytes = Buffer.concat(chunks)
          const raw = bytes.toString("latin1")
          for (const rcpt of session.envelope.rcptTo)
            received.push({
              ...parse(raw, rcpt.address),
              bytes,
              replyTo: header(raw, "reply-to"),
              dkimSignature: header(raw, "dkim-signature")
            })
          callback()
        })
      }
    })
    const port = yield* Effect.acquireRelease(
      Effect.callback<number>((resume) => {
        server.listen(0, "127.0.0.1", () => {
          const address = server.server.address()
          resume(Effect.succeed(typeof address === "object" && address !== null ? address.port : 0))
        })
      }),
      () => Effect.callback<void>((resume) => server.close(() => resume(Effect.void)))
    )
    return AccountRelay.of({
      port,
      received,
      next: (to, count) =>
        Effect.suspend(() => {
          const found = received.slice(count).findLast((m) => m.to === to)
          return found === undefined ? Effect.fail("not yet" as const) : Effect.succeed(found)
        }).pipe(
          Effect.retry({ schedule: Schedule.spaced("20 millis"), times: 500 }),
          Effect.orElseSucceed(() => undefined),
          Effect.flatMap((m) =>
            m === undefined ? Effect.die(`no email to ${to} reached the account's relay`) : Effect.succeed(m)
          )
        )
    })
  })
)
