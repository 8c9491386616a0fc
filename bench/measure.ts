/**
 * Timing helpers for the benchmark scripts: every figure is printed as `name: value unit`.
 */
import { performance } from "node:perf_hooks"

/** Print one figure in the shared `name: value unit` format. */
export const report = (name: string, value: number, unit: string): void => {
  const digits = Math.abs(value) >= 100 ? 1 : Math.abs(value) >= 1 ? 2 : 3
  console.log(`${name}: ${value.toFixed(digits)} ${unit}`)
}

/**
 * Median wall time of `fn` in milliseconds over `runs` runs, after `warmup` unmeasured runs
 * (so the JIT has settled and the figure is what a warm server or page sees).
 */
export const medianMs = (fn: () => unknown, options: { runs?: number; warmup?: number } = {}): number => {
  const { runs = 50, warmup = 20 } = options
  for (let i = 0; i < warmup; i++) fn()
  const times: Array<number> = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    fn()
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)] ?? Number.NaN
}
