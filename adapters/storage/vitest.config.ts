import { defineConfig } from "vitest/config"
import { packageConfig, sourceConditions } from "../../vitest.shared.ts"

// The AWS SDK's `module` builds import files without extensions, which Node cannot load; Node itself (the server)
// never takes the `module` condition, so the tests load the SDK as Node does.
const nodeConditions = sourceConditions.filter((c) => c !== "module")
const config = packageConfig("storage")

export default defineConfig({
  ...config,
  resolve: { conditions: nodeConditions },
  ssr: { resolve: { conditions: nodeConditions, externalConditions: nodeConditions } }
})
