import { defineConfig } from "tsup"

/**
 * The published build: one ESM file, dependencies (`@quotekit/core`, `effect`) left as imports. Declarations
 * come from `tsc` (TypeScript 7 has no compiler API for tsup's own d.ts step), run after the bundle.
 */
export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm"],
  target: "es2022",
  platform: "neutral",
  sourcemap: true,
  clean: true,
  treeshake: true,
  dts: false,
  onSuccess: "tsc -b tsconfig.json"
})
