import { defineConfig, mergeConfig } from "vitest/config"
import { packageConfig } from "../../vitest.shared.ts"

export default mergeConfig(packageConfig("pg"), defineConfig({ test: { testTimeout: 60_000, hookTimeout: 120_000 } }))
