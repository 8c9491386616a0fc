import { fileURLToPath } from "node:url"
import { defineConfig, mergeConfig } from "vitest/config"
import { packageConfig } from "../vitest.shared.ts"

/** The SDK is tested against a real server started in-process over the test database. */
export default mergeConfig(
  packageConfig("sdk"),
  defineConfig({
    test: {
      globalSetup: [fileURLToPath(new URL("../adapters/pg/src/TestGlobalSetup.ts", import.meta.url))],
      testTimeout: 60_000,
      hookTimeout: 120_000
    }
  })
)
