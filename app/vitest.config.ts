import react from "@vitejs/plugin-react"
import { defineConfig } from "vitest/config"
import { sourceConditions, testEnv } from "../vitest.shared.ts"

/**
 * Component tests run in happy-dom; browser tests (`*.e2e.test.ts`) set `@vitest-environment node` themselves
 * and drive headless Chromium against a production build.
 */
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: sourceConditions },
  ssr: { resolve: { conditions: sourceConditions, externalConditions: sourceConditions } },
  test: {
    name: "app",
    include: ["test/**/*.test.{ts,tsx}"],
    environment: "happy-dom",
    env: testEnv,
    testTimeout: 30_000,
    hookTimeout: 180_000
  }
})
