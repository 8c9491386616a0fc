/**
 * Size check of the single-file bundles (`npm run size -w @quotekit/widgets`; also a vitest test, so CI checks
 * it): each bundle minified and gzipped (level 9), Lit and the core modules included, printed as
 * `widgets.signature-pad.gz: N KB` (1 KB = 1,024 bytes). Each element has a budget, and a bundle over it fails.
 * Never raise a budget to pass: find what grew (`--modules` lists each bundle's modules by size; the widgets
 * README's Sizes says what to look for).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { gzipSync } from "node:zlib"
import { type BundleName, buildWidgets, bundleModules, bundles } from "./build.ts"

/** Budget per element in KB of gzipped bundle, Lit included. */
export const budgets: Readonly<Record<BundleName, number>> = {
  "signature-pad": 12,
  "quote-view": 20
}

/** One element's measured size. */
export interface Size {
  readonly name: BundleName
  readonly bytes: number
  readonly kb: number
}

/** Measure the gzipped size of each bundle in `dir` (as built by `buildWidgets`). */
export const measure = (dir: string): ReadonlyArray<Size> =>
  (Object.keys(bundles) as Array<BundleName>).map((name) => {
    const bytes = gzipSync(readFileSync(join(dir, bundles[name])), { level: 9 }).length
    return { name, bytes, kb: bytes / 1024 }
  })

/** The printed line of one size: `widgets.signature-pad.gz: 11.8 KB`. */
export const line = (size: Size): string => `widgets.${size.name}.gz: ${size.kb.toFixed(1)} KB`

/** Build the bundles into a temporary folder and measure them. */
export const buildAndMeasure = async (): Promise<ReadonlyArray<Size>> => {
  const dir = mkdtempSync(join(tmpdir(), "qk-widgets-size-"))
  try {
    await buildWidgets(dir, { esm: false })
    return measure(dir)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.main) {
  if (process.argv.includes("--modules")) {
    for (const name of Object.keys(bundles) as Array<BundleName>) {
      console.log(`${bundles[name]}, characters per module before minifying:`)
      for (const m of await bundleModules(name)) console.log(`${String(m.length).padStart(8)}  ${m.id}`)
    }
  }
  let failed = false
  for (const size of await buildAndMeasure()) {
    const budget = budgets[size.name]
    console.log(line(size))
    if (size.kb > budget) {
      failed = true
      console.error(`  over its ${budget} KB budget`)
    }
  }
  process.exit(failed ? 1 : 0)
}
