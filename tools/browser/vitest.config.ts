import { mergeConfig } from "vitest/config"
import { packageConfig } from "../../vitest.shared.ts"

/** The browser finder: unpacking the npm Chromium takes a few seconds the first time. */
export default mergeConfig(packageConfig("browser"), { test: { testTimeout: 120_000 } })
