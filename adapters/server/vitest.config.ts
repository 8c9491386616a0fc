import { fileURLToPath } from "node:url"
import { defineConfig, mergeConfig } from "vitest/config"
import { packageConfig } from "../../vitest.shared.ts"

/** Server tests start real HTTP servers over PGlite (and PostgreSQL when DATABASE_URL is set): allow them time. */
export default mergeConfig(
  packageConfig("server"),
  defineConfig({
    test: {
      // The migrated PGlite template each test file copies (built once per run by the pg package's setup).
      globalSetup: [fileURLToPath(new URL("../pg/src/TestGlobalSetup.ts", import.meta.url))],
      testTimeout: 60_000,
      hookTimeout: 120_000
    }
  })
)
