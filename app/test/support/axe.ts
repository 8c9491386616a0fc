/**
 * Accessibility checks for the browser tests: axe-core run in the page (or within one element of it), answering
 * the serious and critical violations as "rule: target" lines, so a test can expect none.
 */
import { readFile } from "node:fs/promises"
import { createRequire } from "node:module"
import type { Page } from "playwright-core"

let source: Promise<string> | undefined
const axeSource = () => {
  source ??= readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8")
  return source
}

/** Serious and critical axe violations on the page (within `selector` when given), as "rule: target" lines. */
export const axeViolations = async (page: Page, selector?: string): Promise<ReadonlyArray<string>> => {
  // Evaluated over the DevTools protocol rather than added as an inline script, which the pages' strict
  // Content-Security-Policy refuses (as it should).
  await page.evaluate(await axeSource())
  // Colours are checked as they end up, not halfway through a transition (a button just pressed, say).
  // (Endless ones, a spinner's, are left alone.)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined))
    )
  )
  const results = await page.evaluate(async (within) => {
    const axe = (globalThis as unknown as { axe: { run: (ctx: Element | Document) => Promise<unknown> } }).axe
    const context = within === undefined ? document : (document.querySelector(within) ?? document)
    return (await axe.run(context)) as {
      violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: Array<string> }> }>
    }
  }, selector)
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)
}
