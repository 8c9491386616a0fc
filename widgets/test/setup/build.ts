import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { TestProject } from "vitest/node"
import { buildWidgets } from "../../scripts/build.ts"

/** Build the single-file bundles once per run, into a folder of this run's own, and hand its path to the tests. */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), "qk-widgets-"))
  await buildWidgets(dir, { esm: false })
  project.provide("widgetsDist", dir)
  return () => rmSync(dir, { recursive: true, force: true })
}

declare module "vitest" {
  export interface ProvidedContext {
    widgetsDist: string
  }
}
