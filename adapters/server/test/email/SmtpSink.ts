/**
 * An SMTP server in the test process (smtp-server on a free loopback port) that the real SMTP mailer delivers
 * to. It requires the sign-in given in its URL, keeps every message it accepts (decoded: recipient, sender,
 * subject, text and HTML parts) and can be told to refuse mail, as a relay that is down or rejects the sender.
 */
import { Context, Effect, Layer, Redacted, Schedule } from "effect"
import { SMTPServer } from "smtp-server"
import type { Mail } from "../../src/auth/Mailer.ts"

/** A message as the relay received it. */
export interface Received extends Mail {
  readonly from: string
  /** The raw message, for checks on its structure. */
  readonly raw: string
}

/** The sink: its URL (credentials included), what it received, and a switch to refuse mail. */
export class SmtpSink extends Context.Service<
  SmtpSink,
  {
    readonly url: Redacted.Redacted<string>
    readonly received: ReadonlyArray<Received>
    /** Refuse every message from now on (`true`) or accept them again. */
    readonly refuse: (refusing: boolean) => Effect.Effect<void>
    /** Hold every message at its first command (a relay that stalls) until `hold(false)` lets them through. */
    readonly hold: (holding: boolean) => Effect.Effect<void>
    /** The latest message to `to`, waiting (up to 10 s) for one that arrives after `count` messages. */
    readonly next: (to: string, count: number) => Effect.Effect<Received>
  }
>()("quotekit/test/SmtpSink") {}

export const USER = "quotekit"
export const PASS = "mail-secret"

/** Undo RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) in a header. */
const decodeWords = (value: string): string =>
  value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : Buffer.from(
            data
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1"
          ).toString("utf8")
    )

/** Split a MIME entity into its (unfolded, lower-cased) headers and body. */
const entity = (raw: string) => {
  const at = raw.indexOf("\r\n\r\n")
  const head = raw.slice(0, at).replace(/\r\n[ \t]+/g, " ")
  const headers = new Map<string, string>()
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":")
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body: raw.slice(at + 4) }
}

const decodeBody = (body: string, encoding: string | undefined): string => {
  switch ((encoding ?? "7bit").toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
    case "quoted-printable":
      return Buffer.from(
        body
          .replace(/=\r\n/g, "")
          .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        "latin1"
      ).toString("utf8")
    default:
      return body
  }
}

/** Read the text and HTML parts of a message (single part, or multipart/alternative). */
export const parse = (raw: string, to: string): Received => {
  const top = entity(raw)
  const type = top.headers.get("content-type") ?? "text/plain"
  const parts: Array<{ type: string; text: string }> = []
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (boundary === undefined) {
    parts.push({ type, text: decodeBody(top.body, top.headers.get("content-transfer-encoding")) })
  } else {
    for (const chunk of top.body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith("--")) break
      const part = entity(chunk.replace(/^\r\n/, ""))
      parts.push({
        type: part.headers.get("content-type") ?? "text/plain",
        text: decodeBody(part.body.replace(/\r\n$/, ""), part.headers.get("content-transfer-encoding"))
      })
    }
  }
  const find = (kind: string) => parts.find((p) => p.type.startsWith(kind))?.text ?? ""
  return {
    to,
    from: decodeWords(top.headers.get("from") ?? ""),
    subject: decodeWords(top.headers.get("subject") ?? ""),
    text: find("text/plain").replace(/\r\n/g, "\n"),
    html: find("text/html"),
    raw
  }
}

/** The sink, listening until the layer closes. */
export const layer = Layer.effect(
  SmtpSink,
  Effect.gen(function* () {
    const received: Array<Received> = []
    let refusing = false
    let holding = false
    const held: Array<() => void> = []
    const server = new SMTPServer({
      disabledCommands: ["STARTTLS"],
      allowInsecureAuth: true,
      logger: false,
      onAuth: (auth, _session, callback) =>
        auth.username === USER && auth.password === PASS
          ? callback(null, { user: USER })
          : callback(new Error("Invalid username or password")),
      onMailFrom: (_address, _session, callback) => {
        if (holding) return void held.push(() => callback())
        if (!refusing) return callback()
        const error = Object.assign(new Error("Relay access denied"), { responseCode: 554 })
        return callback(error)
      },
      onData: (stream, session, callback) => {
        const chunks: Array<Buffer> = []
        stream.on("data", (chunk: Buffer) => chunks.push(chunk))
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("latin1")
          for (const rcpt of session.envelope.rcptTo) received.push(parse(raw, rcpt.address))
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
    const latest = (to: string, count: number) =>
      Effect.suspend(() => {
        const found = received.slice(count).findLast((m) => m.to === to)
        return found === undefined ? Effect.fail("not yet" as const) : Effect.succeed(found)
      })
    return SmtpSink.of({
      url: Redacted.make(`smtp://${USER}:${PASS}@127.0.0.1:${port}`),
      received,
      refuse: (on) =>
        Effect.sync(() => {
          refusing = on
        }),
      hold: (on) =>
        Effect.sync(() => {
          holding = on
          if (!on) for (const release of held.splice(0)) release()
        }),
      next: (to, count) =>
        latest(to, count).pipe(
          Effect.retry({ schedule: Schedule.spaced("20 millis"), times: 500 }),
          Effect.orElseSucceed(() => undefined),
          Effect.flatMap((m) => (m === undefined ? Effect.die(`no email to ${to} arrived`) : Effect.succeed(m)))
        )
    })
  })
)
