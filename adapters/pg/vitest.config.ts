import { fileURLToPath } from "node:url"
import { defineConfig, mergeConfig } from "vitest/config"
import { packageConfig } from "../../vitest.shared.ts"

export default mergeConfig(
  packageConfig("pg"),
  defineConfig({
    test: {
      // Builds the migrated PGlite template once per run; TestDatabase copies it for each test file.
      globalSetup: [fileURLToPath(new URL("./src/TestGlobalSetup.ts", import.meta.url))],
      testTimeout: 60_000,
      hookTimeout: 120_000
    }
  })
)
