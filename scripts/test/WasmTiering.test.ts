import { describe, expect, it } from "vitest"
import * as WasmTiering from "../start/WasmTiering.ts"

describe("WasmTiering", () => {
  it("keeps the embedded database's WebAssembly on the baseline compiler, and leaves PostgreSQL's starts alone", () => {
    expect(WasmTiering.flags).toContain("--liftoff-only")
    expect(WasmTiering.isEmbedded({})).toBe(true)
    expect(WasmTiering.isEmbedded({ DATABASE_URL: " " })).toBe(true)
    expect(WasmTiering.isEmbedded({ DATABASE_URL: "postgres://db/quotekit" })).toBe(false)
    expect(WasmTiering.apply({ DATABASE_URL: "postgres://db/quotekit" })).toBeUndefined()
  })

  it("sets the flags QUOTEKIT_WASM_FLAGS names instead, none when it is empty", () => {
    // V8's default budget: setting it changes nothing in this test process.
    expect(WasmTiering.apply({ QUOTEKIT_WASM_FLAGS: "--wasm-tiering-budget=13000000" })).toBe(
      "--wasm-tiering-budget=13000000"
    )
    expect(WasmTiering.apply({ QUOTEKIT_WASM_FLAGS: "" })).toBe("")
  })
})
