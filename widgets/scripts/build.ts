/**
 * Builds the widgets with Vite's library mode (`npm run build -w @quotekit/widgets`, or `buildWidgets()` from the
 * tests, the size check and the benchmark):
 * - ESM for bundlers: `dist/index.js`, `dist/signature-pad.js`, `dist/quote-view.js`, with `lit`, `effect` and
 *   `@quotekit/core` left as imports so an application shares one copy of each;
 * - one minified file per element for a `<script type="module">` tag: `dist/qk-signature-pad.bundle.js` and
 *   `dist/qk-quote-view.bundle.js`, with Lit and the core modules they use inlined.
 */
import { rmSync } from "node:fs"
import { dirname, join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { transform as transformCss } from "lightningcss"
import { build, type InlineConfig, type Plugin } from "vite"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")

/** The single-file bundle of each element, by entry name. */
export const bundles = {
  "signature-pad": "qk-signature-pad.bundle.js",
  "quote-view": "qk-quote-view.bundle.js"
} as const

/** An element with a single-file bundle. */
export type BundleName = keyof typeof bundles

const EXTERNAL = /^(?:lit|lit-html|lit-element|@lit\/[^/]+|effect|@quotekit\/core)(?:\/|$)/

// What lets a bundle drop the core's schema declarations it never uses (see the README's Sizes):
// - Schema constructors only build descriptions, so every `Schema.*(...)` call is pure; with this name the bundler
//   drops unused schemas, `Schema.Class` and `Schema.TaggedError` classes included.
// - A schema's arguments are full of property reads (`{ title: Schema.String }`), which the bundler by default
//   treats as possible getter calls and keeps, and with them the whole Schema runtime (about 24 KB gzipped).
//   Nothing in these bundles relies on a getter's side effect: with the setting off, Lit's code comes out byte for
//   byte the same, the element's differs by one inlined local, and only unused declarations of the core and of
//   effect go away (compared when the setting was introduced).
const TREESHAKE = { manualPureFunctions: ["Schema"], propertyReadSideEffects: false } as const

const STYLES = /\.styles\.ts$/
const CSS_TEMPLATE = /\bcss`([^`]*)`/g

/**
 * Minify the CSS of the elements' Lit `css` templates (`*.styles.ts`) with Lightning CSS, Vite's own CSS minifier:
 * the JavaScript minifier leaves template text as written. No browser targets, so the rules are only shortened,
 * never rewritten for older browsers. A template with an interpolation or a backslash escape is refused rather
 * than guessed at (none has one; Lit's `unsafeCSS` values would need the placeholders kept).
 */
const minifyCss = (): Plugin => ({
  name: "qk-minify-lit-css",
  enforce: "pre",
  transform(code, id) {
    if (!STYLES.test(id)) return null
    return code.replace(CSS_TEMPLATE, (_, text: string) => {
      if (text.includes("${") || text.includes("\\"))
        throw new Error(`${id}: a css template with an interpolation or escape cannot be minified as plain CSS`)
      const minified = transformCss({ filename: id, code: Buffer.from(text), minify: true }).code.toString()
      if (/[`\\]|\$\{/.test(minified)) throw new Error(`${id}: minified CSS that a template cannot hold as written`)
      return `css\`${minified}\``
    })
  }
})

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
    plugins: [minifyCss()],
    build: {
      ...config.build,
      minify: true,
      lib: { entry: join(root, `src/${name}.ts`), formats: ["es"], fileName: () => bundles[name] },
      rolldownOptions: {
        treeshake: TREESHAKE,
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

/** One source module's share of a bundle: its code after tree-shaking, before minifying, in characters. */
export interface ModuleShare {
  readonly id: string
  readonly length: number
}

/**
 * What one single-file bundle is made of, largest module first (`npm run size -- --modules`): the way to see
 * which modules a bundle keeps, such as effect's Schema runtime coming back through a schema read at run time.
 */
export const bundleModules = async (name: BundleName): Promise<ReadonlyArray<ModuleShare>> => {
  const config = bundle(join(root, "dist"), name)
  const result = await build({ ...config, build: { ...config.build, write: false } })
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ("output" in r ? r.output : []))
  return outputs
    .flatMap((chunk) => (chunk.type === "chunk" ? Object.entries(chunk.modules) : []))
    .map(([id, m]) => ({ id: relative(join(root, ".."), id), length: m.renderedLength }))
    .filter((m) => m.length > 0)
    .sort((a, b) => b.length - a.length)
}

if (import.meta.main) await buildWidgets()
