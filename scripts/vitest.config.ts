import { mergeConfig } from "vitest/config"
import { packageConfig } from "../vitest.shared.ts"

/** The repository's own scripts: what `npm start` builds and bundles before the server runs. */
export default mergeConfig(packageConfig("scripts"), { test: { testTimeout: 120_000 } })
