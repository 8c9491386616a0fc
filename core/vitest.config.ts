import { mergeConfig } from "vitest/config"
import { packageConfig } from "../vitest.shared.ts"

// The core is pure: test files share nothing mutable, so one module graph per worker is safe and much faster.
export default mergeConfig(packageConfig("core"), { test: { isolate: false } })
