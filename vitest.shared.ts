import { defineConfig } from "vitest/config"

/** Resolve workspace packages to their TypeScript sources, as `node --conditions=@quotekit/source` does. */
export const sourceConditions = ["@quotekit/source", "import", "module", "node", "default"]

export const packageConfig = (name: string) =>
  defineConfig({
    resolve: { conditions: sourceConditions },
    ssr: { resolve: { conditions: sourceConditions, externalConditions: sourceConditions } },
    test: { name, include: ["test/**/*.test.ts"], environment: "node" }
  })
