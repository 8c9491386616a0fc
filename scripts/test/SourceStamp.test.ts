import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import * as SourceStamp from "../start/SourceStamp.ts"

const dirs: Array<string> = []
const tree = (files: Record<string, string>): string => {
  const root = mkdtempSync(join(tmpdir(), "quotekit-stamp-"))
  dirs.push(root)
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

describe("SourceStamp", () => {
  it("stays the same while nothing changes, and changes with a file's change, a new file or a removed one", () => {
    const root = tree({ "src/a.ts": "a", "src/deep/b.ts": "b", "lock.json": "{}" })
    const inputs = ["src", "lock.json"]
    const first = SourceStamp.of(root, inputs)
    expect(SourceStamp.of(root, inputs)).toBe(first)

    writeFileSync(join(root, "src/deep/b.ts"), "b2")
    const edited = SourceStamp.of(root, inputs)
    expect(edited).not.toBe(first)

    utimesSync(join(root, "lock.json"), new Date(2020, 0, 1), new Date(2020, 0, 1))
    const touched = SourceStamp.of(root, inputs)
    expect(touched).not.toBe(edited)

    writeFileSync(join(root, "src/c.ts"), "c")
    const added = SourceStamp.of(root, inputs)
    expect(added).not.toBe(touched)

    rmSync(join(root, "src/c.ts"))
    expect(SourceStamp.of(root, inputs)).not.toBe(added)
  })

  it("ignores what is never an input: dependencies, build output and tests", () => {
    const root = tree({ "src/a.ts": "a" })
    const before = SourceStamp.of(root, ["src"])
    for (const dir of ["node_modules", "dist", "test"]) {
      mkdirSync(join(root, "src", dir), { recursive: true })
      writeFileSync(join(root, "src", dir, "x.ts"), "x")
    }
    expect(SourceStamp.of(root, ["src"])).toBe(before)
  })

  it("tells a missing input from an empty one", () => {
    const root = tree({ "src/a.ts": "a" })
    mkdirSync(join(root, "empty"))
    expect(SourceStamp.of(root, ["src", "empty"])).not.toBe(SourceStamp.of(root, ["src", "absent"]))
  })
})
