import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import * as NewDatabase from "../start/NewDatabase.ts"

const scratch = mkdtempSync(join(tmpdir(), "quotekit-new-database-"))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** An entry module standing in for the server's: records its arguments, then exits with `status`. */
const fakeEntry = (name: string, status: number) => {
  const file = join(scratch, `${name}.mjs`)
  writeFileSync(
    file,
    `import { writeFileSync } from "node:fs"
writeFileSync(${JSON.stringify(`${file}.args`)}, JSON.stringify([...process.execArgv, ...process.argv.slice(2)]))
process.exit(${status})
`
  )
  return { file, args: () => JSON.parse(readFileSync(`${file}.args`, "utf8")) as Array<string> }
}

describe("NewDatabase", () => {
  it("is needed on the embedded database until its data folder holds a database", () => {
    const dataDir = join(scratch, "data")
    expect(NewDatabase.isNeeded({ QUOTEKIT_DATA_DIR: dataDir })).toBe(true)
    expect(NewDatabase.isNeeded({ QUOTEKIT_DATA_DIR: dataDir, DATABASE_URL: "  " })).toBe(true)
    expect(NewDatabase.isNeeded({ QUOTEKIT_DATA_DIR: dataDir, DATABASE_URL: "postgres://db/quotekit" })).toBe(false)
    mkdirSync(join(dataDir, "pgdata"), { recursive: true })
    expect(NewDatabase.isNeeded({ QUOTEKIT_DATA_DIR: dataDir })).toBe(false)
  })

  it("runs the entry with the start's arguments and --prepare, and answers nothing once it succeeded", async () => {
    const entry = fakeEntry("ready", 0)
    expect(await NewDatabase.prepare(entry.file, ["--seed"], ["--liftoff-only"])).toBeUndefined()
    expect(entry.args()).toEqual([...process.execArgv, "--liftoff-only", "--seed", "--prepare"])
  })

  it("answers the status of a child that failed, for the start to exit with", async () => {
    expect(await NewDatabase.prepare(fakeEntry("held", 1).file, [])).toBe(1)
    expect(await NewDatabase.prepare(fakeEntry("interrupted", 130).file, [])).toBe(130)
  })
})
