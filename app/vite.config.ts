import { mkdirSync, writeFileSync } from "node:fs"
import { relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import react from "@vitejs/plugin-react"
import { build, defaultClientConditions, defineConfig, type Plugin } from "vite"

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

const conditions = ["@quotekit/source", ...defaultClientConditions]

/**
 * The light customer page (`customer.html`, served by the server at `/q/{token}`) is the second entry, and the
 * phone signing page its QR code opens (`sign.html`, served at `/sign/{room parts}`) the third. Each is built on
 * its own after the team app, into the same `dist`: built together, the chunks the pages share would carry
 * everything the team app uses of `effect` and the core, and the customer page has a budget of 35 KB of script.
 * The two light pages are not built together either: they open on different devices, so a shared chunk would
 * save no download, and splitting the customer page's script costs it about 1.5 KB.
 */
const lightPages = (): Plugin => {
  let outDir = here("dist")
  return {
    name: "quotekit-light-pages",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      for (const page of ["customer", "sign"])
        await build({
          configFile: false,
          root: here("."),
          logLevel: "warn",
          resolve: { conditions },
          build: {
            outDir,
            emptyOutDir: false,
            target: "es2023",
            // Every browser of the es2023 target knows modulepreload: the polyfill would only cost the page's budget.
            modulePreload: { polyfill: false },
            rolldownOptions: {
              input: { [page]: here(`${page}.html`) },
              // Schema constructors only describe, and reading a property has no side effect in the page's code or
              // the core's: unused schemas are dropped, as in the widgets' own bundles (widgets/scripts/build.ts).
              treeshake: { manualPureFunctions: ["Schema"], propertyReadSideEffects: false }
            }
          }
        })
    }
  }
}

/**
 * The bundle report: for each script chunk of the team app, the chunks it imports and the size of every module in
 * it (bytes as rendered into the chunk, before minifying; paths relative to the repository), written to `dist/.vite/bundle-modules.json`
 * so `npm run bench` can name the biggest modules of the script a screen loads.
 */
const bundleReport = (): Plugin => {
  const repo = here("..")
  const chunks: Record<string, { imports: Array<string>; modules: Record<string, number> }> = {}
  let outDir = here("dist")
  return {
    name: "quotekit-bundle-report",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    generateBundle(_options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type !== "chunk") continue
        const modules: Record<string, number> = {}
        for (const [id, m] of Object.entries(output.modules))
          if (m.renderedLength > 0)
            modules[relative(repo, id.replace(/^\0/, "")).replace(/\?.*$/, "")] = m.renderedLength
        chunks[fileName] = { imports: [...output.imports], modules }
      }
    },
    writeBundle() {
      mkdirSync(resolve(outDir, ".vite"), { recursive: true })
      writeFileSync(resolve(outDir, ".vite", "bundle-modules.json"), JSON.stringify(chunks))
    }
  }
}

/**
 * The team app's build. Workspace packages resolve to their TypeScript sources (the `@quotekit/source`
 * condition, as in ../vitest.shared.ts). Each HTML page is an entry: the team app here, the customer and phone
 * signing pages in `lightPages`.
 */
export default defineConfig({
  root: here("."),
  plugins: [react(), lightPages(), bundleReport()],
  resolve: {
    conditions,
    // TanStack Store's `useSelector` imports the shim of `useSyncExternalStore` for React before 18; on React 19
    // the shim only calls React's own, so the selector module takes React's directly (the same code, less of it).
    alias: [
      { find: /^use-sync-external-store\/shim\/with-selector$/, replacement: "use-sync-external-store/with-selector" }
    ]
  },
  build: {
    outDir: here("dist"),
    emptyOutDir: true,
    target: "es2023",
    modulePreload: {
      // Every browser of the es2023 target knows modulepreload: the polyfill would only weigh on the entry.
      polyfill: false,
      // An invoice sync is applied only to an invoicing picture held in the cache (`push/AccountUpdates.tsx`), which
      // only the quote page fetches: that page has loaded every chunk the sync imports, so the shell's import of it
      // carries no list of them.
      resolveDependencies: (file, deps) => (/(^|\/)invoiceSync-[\w-]+\.js$/.test(file) ? [] : deps)
    },
    rolldownOptions: {
      input: { main: here("index.html") },
      // As in the light pages: schema constructors only describe, so the schemas a chunk does not use are dropped
      // with the runtime they would need (the shell and the quote list carry no Schema).
      treeshake: { manualPureFunctions: ["Schema"], propertyReadSideEffects: false },
      // The modules the entry imports statically load with every page anyway: one chunk rather than a score of
      // small ones, which compresses better. The message areas the entry uses are in it too (kept apart, they were
      // two more chunks for every first page, named again in every screen's chunk list). The catalogue module
      // stays out: gathering it here would bring every area (`Message.catalogue` imports them all) to the first
      // screen; the other areas stay in the chunks of the screens that show them.
      output: {
        codeSplitting: {
          groups: [
            {
              name: "initial",
              tags: ["$initial"],
              includeDependenciesRecursively: false,
              test: (id) => !/[\\/]core[\\/]src[\\/]Message\.ts$/.test(id)
            },
            // Small modules that load together, one chunk each rather than one per module: who is on a quote now
            // (the quote list, the dashboard and the quote page show it), and the quote list's own pieces that a few
            // other quote screens share (its tabs with the archive states they name, its styles, the search delay).
            {
              name: "live",
              includeDependenciesRecursively: false,
              test: /[\\/]app[\\/]src[\\/]push[\\/](LiveIndicator\.tsx|Live\.module\.css|useLiveQuotes\.ts|liveText\.ts)/
            },
            {
              name: "quoteList",
              includeDependenciesRecursively: false,
              test: /[\\/](core[\\/]src[\\/]light[\\/](QuoteListTab|ArchiveState)\.ts$|app[\\/]src[\\/]quotes[\\/](QuoteList\.module\.css|useDebounced\.ts))/
            }
          ]
        }
      }
    }
  }
})
