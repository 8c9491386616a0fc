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
    hookTimeout: 180_000,
    // A screen's answer to a click can take seconds on a busy 2-core machine; a poll gives it as long as a
    // locator's wait does.
    expect: { poll: { timeout: 8_000 } }
  }
})
