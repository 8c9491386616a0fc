/**
 * A fingerprint of source trees: every file's path, size and modification time, hashed. `npm start` compares it
 * with the one saved beside a build to tell whether the build is still current, without reading any file.
 * Stat-ing the ~1,000 source files takes a few milliseconds.
 */
import { createHash } from "node:crypto"
import { readdirSync, statSync } from "node:fs"
import { join, relative } from "node:path"

/** Folders that are never inputs of a build. */
const skipped = new Set(["node_modules", "dist", "test", ".quotekit", ".cache"])

/** The fingerprint of the given files and folders (folders walked recursively), relative to `root`. */
export const of = (root: string, paths: ReadonlyArray<string>): string => {
  const hash = createHash("sha256")
  const visit = (path: string): void => {
    const stat = statSync(path, { throwIfNoEntry: false })
    if (stat === undefined) {
      hash.update(`missing ${relative(root, path)}\n`)
    } else if (!stat.isDirectory()) {
      hash.update(`${relative(root, path)} ${stat.size} ${stat.mtimeMs}\n`)
    } else {
      for (const entry of readdirSync(path).sort()) if (!skipped.has(entry)) visit(join(path, entry))
    }
  }
  for (const path of paths) visit(join(root, path))
  return hash.digest("hex")
}
