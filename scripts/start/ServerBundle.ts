/**
 * The server as one bundled module graph for `npm start`. Loading the sources costs a second start ~1 s of
 * module resolution and loading (hundreds of TypeScript files of the workspace and of `effect`); the bundle is
 * a few files. It is rebuilt (esbuild, ~0.5 s) only when a source file or the lockfile changed since.
 *
 * Bundled: the workspace (`@quotekit/*`), `effect` and `@effect/*`, which must stay one copy. Everything else
 * stays an ordinary import from `node_modules`: PGlite finds its WebAssembly and data files beside its own
 * module, and CommonJS packages keep their `require`.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { join, sep } from "node:path"
import * as SourceStamp from "./SourceStamp.ts"

/**
 * What the server is built from, relative to the repository root: every adapter, not only the server and the
 * database, since the server bundles them all (storage, push, webhooks, the add-ons...) and a change to any of
 * them must rebuild it (their sources only: a build's `tsbuildinfo` beside them changes without any).
 */
const inputs = (root: string) => [
  "core/src",
  ...readdirSync(join(root, "adapters")).map((adapter) => `adapters/${adapter}/src`),
  "scripts/start",
  "package-lock.json"
]

const bundled = /^(@quotekit\/|effect($|\/)|@effect\/)/

/** Marks the resolution the plugin asks esbuild for, so the plugin does not answer it again. */
const nested = Symbol("nested")

/** The path of a current bundle's entry module, building it first when it is missing or stale. */
export const ensure = async (root: string, cacheDir: string): Promise<string> => {
  const dir = join(cacheDir, "server")
  const entry = join(dir, "Entry.js")
  const stampFile = join(dir, "stamp")
  const stamp = SourceStamp.of(root, inputs(root))
  if (existsSync(entry) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp) return entry

  console.log("Bundling the server (once, and again after its sources change)…")
  const esbuild = await import("esbuild")
  // Build beside the old bundle and swap, so a start running at the same time never sees half a bundle.
  const next = `${dir}.${process.pid}`
  rmSync(next, { recursive: true, force: true })
  await esbuild.build({
    entryPoints: [join(root, "scripts/start/Entry.ts")],
    outdir: next,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node22",
    conditions: ["@quotekit/source"],
    logLevel: "warning",
    plugins: [
      {
        name: "external-packages",
        setup(build) {
          const shared = join(root, "node_modules") + sep
          build.onResolve({ filter: /^[^./]/ }, async (args) => {
            if (bundled.test(args.path) || args.path.startsWith("node:") || args.pluginData === nested) return undefined
            // A package a workspace keeps a version of its own of (under its own node_modules) is imported by its
            // path: from the bundle's folder its name would find the other version, the one at the root.
            const found = await build.resolve(args.path, {
              kind: args.kind,
              resolveDir: args.resolveDir,
              importer: args.importer,
              pluginData: nested
            })
            const own = found.errors.length === 0 && found.path !== "" && !found.path.startsWith(shared)
            return { path: own ? found.path : args.path, external: true }
          })
        }
      }
    ]
  })
  writeFileSync(join(next, "stamp"), stamp)
  mkdirSync(cacheDir, { recursive: true })
  rmSync(dir, { recursive: true, force: true })
  renameSync(next, dir)
  return entry
}
