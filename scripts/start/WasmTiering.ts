/**
 * V8's compilers for the embedded database's WebAssembly. PGlite's PostgreSQL is one large module that V8 first
 * compiles with its baseline compiler (Liftoff) and then recompiles, function by function as they get hot, with
 * its optimising compiler. Optimising PostgreSQL's largest function takes that compiler about 600 MB for 4 to 6
 * seconds of a busy core while the server starts, and the process keeps part of that memory (50 to 80 MB) for
 * good. On the embedded database `npm start` keeps the baseline code: the server's requests cost the same CPU
 * (measured on the quote list and the quote editor), a start is faster, and its peak memory is a third.
 * PostgreSQL's own work in bulk (a scan of thousands of rows) takes about 1.5 times the CPU it would optimised.
 * With `DATABASE_URL` nothing changes.
 *
 * V8 reads `--liftoff-only` alone only when it starts, so the flags it implies are set with it.
 *
 * @example
 * WasmTiering.apply(process.env) // before PGlite compiles its module
 *
 * @since 0.5.0
 */
import { setFlagsFromString } from "node:v8"

/** The V8 flags set for the embedded database. */
export const flags = "--liftoff-only --no-wasm-tier-up --no-wasm-dynamic-tiering"

/** Whether the start is on the embedded database: no `DATABASE_URL` (a blank one counts as none). */
export const isEmbedded = (env: NodeJS.ProcessEnv): boolean => (env.DATABASE_URL ?? "").trim() === ""

/**
 * Set `flags` when the start is on the embedded database (`QUOTEKIT_WASM_FLAGS` replaces them; empty, it keeps
 * V8's own tiers). Answers the flags it set.
 */
export const apply = (env: NodeJS.ProcessEnv): string | undefined => {
  if (!isEmbedded(env)) return undefined
  const set = env.QUOTEKIT_WASM_FLAGS ?? flags
  setFlagsFromString(set)
  return set
}
