/**
 * `npm run backup` / `npm run restore` with uploads in object storage (`ObjectUploads.fromEnv`), against s3rver:
 * the bucket's objects are written to a folder by key (what goes into the backup file), and a folder's files are
 * stored back into a bucket (what a restore does). Run in a child process as the scripts run, configured only by
 * `QUOTEKIT_S3_*` and the AWS credentials in the environment.
 */
import { execFile } from "node:child_process"
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import S3rver from "s3rver"
import { afterAll, assert, beforeAll, describe, it } from "vitest"

const scratch = mkdtempSync(join(tmpdir(), "quotekit-object-uploads-"))
const server = new S3rver({
  address: "127.0.0.1",
  port: 0,
  silent: true,
  directory: join(scratch, "s3"),
  configureBuckets: [{ name: "first" }, { name: "second" }]
})
let endpoint = ""
beforeAll(async () => {
  endpoint = `http://127.0.0.1:${(await server.run()).port}`
})
afterAll(async () => {
  await server.close()
  rmSync(scratch, { recursive: true, force: true })
})

const module = fileURLToPath(new URL("../ObjectUploads.ts", import.meta.url))

/** Node running `code` (ESM, workspace sources) with `env`; its output. The bucket answers from this process, so never synchronously. */
const node = (code: string, env: Record<string, string>) =>
  new Promise<{ status: number; stdout: string; stderr: string }>((resolve) =>
    execFile(
      process.execPath,
      ["--conditions=@quotekit/source", "--input-type=module", "-e", code],
      { encoding: "utf8", env: { ...process.env, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ status: error === null ? 0 : Number(error.code ?? 1), stdout, stderr })
    )
  )

/** Run `uploads.<op>(dir)` in a node process with the bucket's settings; what it printed. */
const run = async (bucket: string, op: "save" | "load", dir: string) => {
  const code = `
    const uploads = await (await import(${JSON.stringify(module)})).fromEnv()
    const { Effect } = await import("effect")
    const r = await Effect.runPromise(Effect.result(uploads.${op}(${JSON.stringify(dir)})))
    console.log(JSON.stringify(r._tag === "Success" ? { count: r.success } : { error: r.failure.message }))`
  const child = await node(code, {
    QUOTEKIT_S3_BUCKET: bucket,
    QUOTEKIT_S3_ENDPOINT: endpoint,
    QUOTEKIT_S3_PREFIX: "quotekit",
    AWS_ACCESS_KEY_ID: "S3RVER",
    AWS_SECRET_ACCESS_KEY: "S3RVER"
  })
  assert.strictEqual(child.status, 0, child.stderr)
  return JSON.parse(child.stdout.trim().split("\n").at(-1) ?? "{}") as { count?: number; error?: string }
}

describe("the uploads of a backup, in object storage", () => {
  it("a folder's files are stored in the bucket by key, and the bucket's objects written back to a folder", async () => {
    const from = join(scratch, "from")
    mkdirSync(join(from, "1"), { recursive: true })
    mkdirSync(join(from, "22"), { recursive: true })
    writeFileSync(join(from, "1", "aa"), "logo bytes")
    writeFileSync(join(from, "22", "bb"), Buffer.alloc(300_000, 7))
    assert.deepStrictEqual(await run("first", "load", from), { count: 2 })

    const back = join(scratch, "back")
    assert.deepStrictEqual(await run("first", "save", back), { count: 2 })
    assert.strictEqual(readFileSync(join(back, "1", "aa"), "utf8"), "logo bytes")
    assert.deepStrictEqual(readFileSync(join(back, "22", "bb")), Buffer.alloc(300_000, 7))
    // Another bucket holds none of them.
    assert.deepStrictEqual(await run("second", "save", join(scratch, "empty")), { count: 0 })
  })

  it("a bucket that cannot be reached fails with the bucket's name, and no bucket means the data folder's files", async () => {
    const failed = await run("no-such-bucket", "save", join(scratch, "never"))
    assert.match(failed.error ?? "", /^The uploads could not be read from the bucket no-such-bucket: /)
    const code = `console.log(String(await (await import(${JSON.stringify(module)})).fromEnv()))`
    const off = await node(code, { QUOTEKIT_S3_BUCKET: "" })
    assert.strictEqual(off.stdout.trim(), "undefined", off.stderr)
  })
})
