import { fileURLToPath } from "node:url"
import react from "@vitejs/plugin-react"
import { defaultClientConditions, defineConfig } from "vite"

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/**
 * The team app's build. Workspace packages resolve to their TypeScript sources (the `@quotekit/source`
 * condition, as in ../vitest.shared.ts). Each HTML page is an entry: the team app now, the light customer
 * page (`customer.html`) joins `input` later.
 */
export default defineConfig({
  root: here("."),
  plugins: [react()],
  resolve: { conditions: ["@quotekit/source", ...defaultClientConditions] },
  build: {
    outDir: here("dist"),
    emptyOutDir: true,
    target: "es2023",
    rolldownOptions: { input: { main: here("index.html") } }
  }
})
