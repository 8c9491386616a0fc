/**
 * Hands back to the system the memory a start used and no longer needs. Loading the server's modules, opening
 * the database and running its migrations allocate a lot of short-lived objects, so V8 grows its young
 * generation to the most it allows (64 MB here) and keeps it, empty, for as long as the process runs. One
 * last-resort collection (the one V8 runs before giving up on memory) shrinks it back to 1 MB and compacts the
 * rest; it takes a few tens of milliseconds, once.
 *
 * @example
 * HeapTrim.now() // once the server is ready
 *
 * @since 0.5.0
 */
import { setFlagsFromString } from "node:v8"
import { runInNewContext } from "node:vm"

type Collect = (options: { type: "major"; execution: "sync"; flavor: "last-resort" }) => void

let collect: Collect | undefined

/** V8's `gc`, made available to a context of its own only (the server's globals stay as they are). */
const collector = (): Collect => {
  if (collect === undefined) {
    setFlagsFromString("--expose-gc")
    collect = runInNewContext("gc") as Collect
  }
  return collect
}

/** Collect all the garbage now, shrinking V8's heap to what is in use. */
export const now = (): void => collector()({ type: "major", execution: "sync", flavor: "last-resort" })
