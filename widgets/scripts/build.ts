/**
 * Builds the widgets with Vite's library mode (`npm run build -w @quotekit/widgets`, or `buildWidgets()` from the
 * tests, the size check and the benchmark):
 * - ESM for bundlers: `dist/index.js`, `dist/signature-pad.js`, `dist/quote-view.js`, with `lit`, `effect` and
 *   `@quotekit/core` left as imports so an application shares one copy of each;
 * - one minified file per element for a `<script type="module">` tag: `dist/qk-signature-pad.bundle.js` and
 *   `dist/qk-quote-view.bundle.js`, with Lit and the core modules they use inlined.
 */
import { rmSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { build, type InlineConfig } from "vite"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")

/** The single-file bundle of each element, by entry name. */
export const bundles = {
  "signature-pad": "qk-signature-pad.bundle.js",
  "quote-view": "qk-quote-view.bundle.js"
} as const

/** An element with a single-file bundle. */
export type BundleName = keyof typeof bundles

const EXTERNAL = /^(?:lit|lit-html|lit-element|@lit\/[^/]+|effect|@quotekit\/core)(?:\/|$)/

// Schema constructors only build descriptions, so they are pure. This name list matches little, though: the
// bundler resolves `Schema.Struct(...)` to the function before comparing names, so the core marks its top-level
// schema calls `/* @__PURE__ */` where a widget must not keep them (see the README's Sizes).
const PURE = ["Schema"]

const base = (outDir: string): InlineConfig => ({
  root,
  configFile: false,
  publicDir: false,
  logLevel: "warn",
  resolve: { conditions: ["@quotekit/source", "module", "browser", "production"] },
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: { outDir, emptyOutDir: false, target: "es2023", reportCompressedSize: false }
})

const esm = (outDir: string): InlineConfig => {
  const config = base(outDir)
  return {
    ...config,
    build: {
      ...config.build,
      minify: false,
      sourcemap: true,
      lib: {
        entry: {
          index: join(root, "src/index.ts"),
          "signature-pad": join(root, "src/signature-pad.ts"),
          "quote-view": join(root, "src/quote-view.ts")
        },
        formats: ["es"],
        fileName: (_format, name) => `${name}.js`
      },
      rolldownOptions: {
        external: (id) => EXTERNAL.test(id),
        // One file per source module, so each element's registering module stays a file of its own that the
        // package's `sideEffects` list keeps.
        output: { preserveModules: true, preserveModulesRoot: join(root, "src"), entryFileNames: "[name].js" }
      }
    }
  }
}

const bundle = (outDir: string, name: BundleName): InlineConfig => {
  const config = base(outDir)
  return {
    ...config,
    build: {
      ...config.build,
      minify: true,
      lib: { entry: join(root, `src/${name}.ts`), formats: ["es"], fileName: () => bundles[name] },
      rolldownOptions: {
        treeshake: { manualPureFunctions: PURE },
        // Vite's library mode keeps white space and pure annotations in ES output so that an application's
        // bundler can tree-shake it further; a bundle for a script tag is final, so minify it completely.
        output: { minify: true, comments: false }
      }
    }
  }
}

/**
 * Build everything into `outDir` (the package's `dist` by default, emptied first). `esm: false` builds the
 * single-file bundles only, which is all the browser tests and the size check need.
 */
export const buildWidgets = async (outDir = join(root, "dist"), options: { readonly esm?: boolean } = {}) => {
  rmSync(outDir, { recursive: true, force: true })
  if (options.esm !== false) await build(esm(outDir))
  for (const name of Object.keys(bundles) as Array<BundleName>) await build(bundle(outDir, name))
  return outDir
}

if (import.meta.main) await buildWidgets()
