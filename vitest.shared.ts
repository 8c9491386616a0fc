import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { defineConfig } from "vitest/config"

/** Resolve workspace packages to their TypeScript sources, as `node --conditions=@quotekit/source` does. */
export const sourceConditions = ["@quotekit/source", "import", "module", "node", "default"]

/**
 * The environment of every test: servers a test starts keep their files and customer-link secret in a new
 * folder of the run's own, never in the working copy's `.quotekit` (a developer's `npm start` data).
 */
export const testEnv = { QUOTEKIT_DATA_DIR: mkdtempSync(join(tmpdir(), "quotekit-test-data-")) }

export const packageConfig = (name: string) =>
  defineConfig({
    resolve: { conditions: sourceConditions },
    ssr: { resolve: { conditions: sourceConditions, externalConditions: sourceConditions } },
    test: { name, include: ["test/**/*.test.ts"], environment: "node", env: testEnv }
  })
