import { mergeConfig } from "vitest/config"
import { packageConfig } from "../vitest.shared.ts"

/**
 * Widget tests drive headless Chromium against the built single-file bundles: the global setup builds them once
 * per run into a temporary folder, and each test file shares one browser.
 */
export default mergeConfig(packageConfig("widgets"), {
  test: { globalSetup: ["./test/setup/build.ts"], testTimeout: 30_000, hookTimeout: 60_000 }
})
