/**
 * A production build of the app in a folder of its own, for `RealServer.start`. Other test files rebuild
 * `app/dist` while they run, which pulls the assets from under a server's pages; a build of one's own keeps a
 * long browser test file stable.
 */
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { buildApp } from "./build.ts"

/** Build the app for production into a new temporary folder; resolves with the folder. */
export const buildOwnApp = async (): Promise<string> => {
  const outDir = mkdtempSync(join(tmpdir(), "quotekit-app-dist-"))
  await buildApp(outDir)
  return outDir
}
