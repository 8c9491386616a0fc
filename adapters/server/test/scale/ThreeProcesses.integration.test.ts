/**
 * Scale-out on PostgreSQL: three server processes (`npm start`'s entry, each in its own child process with a
 * data folder of its own) on one PostgreSQL database made for the test, with uploads in S3-compatible object
 * storage (a local s3rver) and email through one SMTP relay (the test's sink), driven with mixed traffic
 * through all three as a load balancer would spread it. Checks: a quote saved on one process is read back new on
 * the others at once (editor and list), an upload made on one is served by every one, each email is sent once
 * though three senders poll the same outbox, all of it again as mixed traffic at once, a session signed out on
 * one is refused by the others, and account settings saved on one are served by all.
 *
 * Runs where `DATABASE_URL` names a PostgreSQL server (CI); it makes and drops a database of its own there.
 */
import { spawnSync } from "node:child_process"
import { randomBytes } from "node:crypto"
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { assert, describe, it } from "@effect/vitest"
import * as Seed from "@quotekit/pg/Seed"
import { Context, Effect, Exit, Layer, Redacted, Scope } from "effect"
import S3rver from "s3rver"
import { afterAll, beforeAll } from "vitest"
import * as ServerBundle from "../../../../scripts/start/ServerBundle.ts"
import * as AccountCache from "../../src/account/Cache.ts"
import * as SessionCache from "../../src/auth/SessionCache.ts"
import * as ServerProcess from "../crash/ServerProcess.ts"
import * as Sink from "../email/SmtpSink.ts"
import { Browser } from "../Harness.ts"
import { saveBody, saveNew } from "../quotes/Fixtures.ts"

const databaseUrl = process.env.DATABASE_URL ?? ""
const scratch = mkdtempSync(join(tmpdir(), "quotekit-three-"))
const dbName = `quotekit_scale_${process.pid}_${Date.now()}`
const BUCKET = "quotekit-uploads"
const root = fileURLToPath(new URL("../../../../", import.meta.url))

const psql = (url: string, sql: string) => {
  const r = spawnSync("psql", ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", url, "-c", sql], {
    encoding: "utf8"
  })
  if (r.status !== 0) throw new Error(`psql failed: ${r.stderr}`)
  return r.stdout.trim()
}
const target = () => {
  const u = new URL(databaseUrl)
  u.pathname = `/${dbName}`
  return u.toString()
}

let processes: Array<ServerProcess.ServerProcess> = []
let s3: S3rver | undefined
const scope = Effect.runSync(Scope.make())
let sink: Sink.SmtpSink["Service"]

beforeAll(async () => {
  if (databaseUrl === "") return
  psql(databaseUrl, `CREATE DATABASE "${dbName}"`)
  s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: join(scratch, "s3"),
    configureBuckets: [{ name: BUCKET }]
  })
  const { port } = await s3.run()
  const context = await Effect.runPromise(Layer.buildWithScope(Sink.layer, scope))
  sink = Context.get(context, Sink.SmtpSink)
  // What the processes behind one load balancer share (docs/scale-out.md): the database, the bucket, the relay
  // and the two secrets.
  const env = {
    QUOTEKIT_S3_BUCKET: BUCKET,
    QUOTEKIT_S3_ENDPOINT: `http://127.0.0.1:${port}`,
    AWS_ACCESS_KEY_ID: "S3RVER",
    AWS_SECRET_ACCESS_KEY: "S3RVER",
    SMTP_URL: Redacted.value(sink.url),
    QUOTEKIT_LINK_SECRET: randomBytes(32).toString("base64url"),
    QUOTEKIT_SECRET_KEY: randomBytes(32).toString("base64url"),
    LOG_FORMAT: "json"
  }
  // The server as `npm start` runs it: bundled (built once, reused while the sources are unchanged), so three
  // processes starting on a busy machine do not each load hundreds of source files.
  // The sources when bundling fails, as `npm start` does.
  const entry = await ServerBundle.ensure(root, join(root, "node_modules/.cache/quotekit-start")).catch(() => undefined)
  const start = (name: string) =>
    ServerProcess.start({
      dataDir: join(scratch, name),
      databaseUrl: target(),
      env,
      ...(entry === undefined ? {} : { entry })
    })
  // All three at once, as after a deploy: one of them runs the migrations (under PostgreSQL's advisory lock) and
  // the demo seed (the others find it there), the others wait for them.
  const started = Date.now()
  processes = await Promise.all([start("one"), start("two"), start("three")])
  console.info(`three processes answered in ${Date.now() - started} ms`)
}, 240_000)

afterAll(async () => {
  for (const p of processes) await p.kill()
  await Effect.runPromise(Scope.close(scope, Exit.void))
  await s3?.close()
  if (databaseUrl !== "") psql(databaseUrl, `DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`)
  rmSync(scratch, { recursive: true, force: true })
}, 60_000)

const run = <A>(effect: Effect.Effect<A>) => Effect.runPromise(effect)

/** A browser signed in to the demo on the first process, and the same session on each process. */
const signedIn = async () => {
  const first = new Browser(processes[0]!.base)
  const answer = await run(first.post("/sign-in", { email: Seed.demoEmail, password: Seed.demoPassword }))
  assert.strictEqual(answer.status, 200, answer.text)
  return processes.map((p) => {
    const b = new Browser(p.base)
    for (const [k, v] of first.cookies) b.cookies.set(k, v)
    return b
  })
}

const account = async (b: Browser) => {
  const cache = await run(b.get("/get/cache-account"))
  assert.strictEqual(cache.status, 200, cache.text)
  return cache.body.account_signin as { signin_id: number; account_id: number }
}

describe.skipIf(databaseUrl === "")("three server processes on one PostgreSQL", () => {
  it("a quote saved on one process is read back new on the others, editor and list, every time", async () => {
    const browsers = await signedIn()
    const me = await account(browsers[0]!)
    const saved = await run(saveNew(browsers[1]!, me.signin_id, { quote: { title: "Round start" } }))
    let modifiedIn = saved._modifiedIn
    for (let round = 0; round < 6; round++) {
      const writer = browsers[round % 3]!
      const title = `Round ${round} ${randomBytes(3).toString("hex")}`
      // Every reader has the quote and the list in its caches before the save.
      for (const b of browsers) {
        assert.strictEqual((await run(b.get(`/get/quote-edit/edit/${saved.quote_id}/is-editing`))).status, 200)
        assert.strictEqual((await run(b.get("/get/quotes"))).status, 200)
      }
      const answer = await run(
        writer.post(
          `/post/quote-update/edit/${saved.quote_id}/is-editing`,
          saveBody(me.signin_id, { quote: { title }, modifiedIn })
        )
      )
      assert.strictEqual(answer.status, 200, answer.text)
      modifiedIn = answer.body._modifiedIn
      for (const reader of browsers) {
        const editor = await run(reader.get(`/get/quote-edit/edit/${saved.quote_id}/is-editing`))
        assert.strictEqual(editor.status, 200, editor.text)
        assert.strictEqual(editor.body.quote.title, title, `round ${round}, editor on ${reader.base}`)
        const list = await run(reader.get("/get/quotes"))
        const row = (list.body.rows as Array<{ quote_id: number; title: string }>).find(
          (r) => r.quote_id === saved.quote_id
        )
        assert.strictEqual(row?.title, title, `round ${round}, list on ${reader.base}`)
      }
    }
  }, 180_000)

  it("an upload made on one process is served by every process, from the bucket", async () => {
    const browsers = await signedIn()
    const uploads: Array<{ url: string; bytes: Uint8Array }> = []
    for (let i = 0; i < 3; i++) {
      const bytes = new Uint8Array(randomBytes(200_000 + i))
      const form = new FormData()
      form.set("file", new Blob([bytes]), `drawing-${i}.bin`)
      const up = await run(browsers[i]!.post("/service/file-upload/file", form))
      assert.strictEqual(up.status, 200, up.text)
      uploads.push({ url: up.body.url, bytes })
    }
    for (const { url, bytes } of uploads)
      for (const b of browsers) {
        const got = await run(b.get(url))
        assert.strictEqual(got.status, 200, `${url} on ${b.base}`)
        assert.deepStrictEqual(Buffer.from(got.bytes), Buffer.from(bytes))
      }
    // Each process says where its uploads go when it starts, and nothing was kept on a process's own disk.
    for (const p of processes) assert.include(p.output(), `uploads: bucket ${BUCKET} (http://127.0.0.1:`)
    for (const name of ["one", "two", "three"]) {
      const files = join(scratch, name, "files")
      assert.isTrue(!existsSync(files) || readdirSync(files).length === 0, `${name} kept uploads on its disk`)
    }
  }, 120_000)

  it("each email is sent once though every process runs a sender", async () => {
    const browsers = await signedIn()
    const me = await account(browsers[0]!)
    const contacts = psql(
      target(),
      `SELECT contact_id FROM contacts WHERE account_id = ${me.account_id} AND email <> '' ORDER BY contact_id LIMIT 2`
    )
      .split("\n")
      .map(Number)
    assert.strictEqual(contacts.length, 2)
    const subjects: Array<string> = []
    const before = sink.received.length
    for (let i = 0; i < 6; i++) {
      const b = browsers[i % 3]!
      const q = await run(
        saveNew(b, me.signin_id, {
          quote: { title: `Scale ${i}` },
          contacts: contacts.map((contact_id, n) => ({ quote_contact_id: -(n + 1), contact_id, contact_order: n }))
        })
      )
      const composer = await run(browsers[(i + 1) % 3]!.get(`/get/quote-email/${q.quote_id}?kind=send`))
      assert.strictEqual(composer.status, 200, composer.text)
      const recipients = (composer.body.recipients as Array<{ quote_contact_id: number }>).map(
        (r) => r.quote_contact_id
      )
      const subject = `Three processes ${i} ${randomBytes(3).toString("hex")}`
      const sent = await run(
        browsers[(i + 2) % 3]!.post(`/post/quote-email/send/${q.quote_id}`, {
          subject,
          message: "Hello,\n\nHere is the <quote>.",
          recipients
        })
      )
      assert.strictEqual(sent.status, 200, sent.text)
      subjects.push(subject)
    }
    // Past the 45 s window in which a sent email can still be stopped, for every process's sender at once.
    psql(
      target(),
      `UPDATE email_messages SET scheduled_when = now() WHERE email_status = 1 AND subject LIKE 'Three processes %'`
    )
    const expected = subjects.length * 2
    const ours = () => sink.received.slice(before).filter((m) => m.subject.startsWith("Three processes "))
    for (let i = 0; i < 600 && ours().length < expected; i++) await new Promise((r) => setTimeout(r, 100))
    // A few more sender rounds (one a second) on every process: a duplicate would show up now.
    await new Promise((r) => setTimeout(r, 2_500))
    // Ours, each to both contacts once; and no message of the run (the demo's own queued emails included) twice.
    assert.strictEqual(ours().length, expected)
    const keys = sink.received.map((m) => `${m.subject} -> ${m.to}`)
    assert.strictEqual(new Set(keys).size, keys.length, `sent twice: ${keys.join("; ")}`)
    for (const subject of subjects) assert.strictEqual(ours().filter((m) => m.subject === subject).length, 2)
  }, 180_000)

  it("mixed traffic at once through all three: saves, sends, uploads and reads, then every process agrees", async () => {
    const browsers = await signedIn()
    const me = await account(browsers[0]!)
    const [contact] = psql(
      target(),
      `SELECT contact_id FROM contacts WHERE account_id = ${me.account_id} AND email <> '' ORDER BY contact_id LIMIT 1`
    )
      .split("\n")
      .map(Number)
    const tag = randomBytes(3).toString("hex")
    const before = sink.received.length
    // Three streams of work at once, each spreading its requests over the three processes in turn.
    const streams = await Promise.all(
      [0, 1, 2].map(async (i) => {
        const on = (n: number) => browsers[(i + n) % 3]!
        const quote = await run(saveNew(on(0), me.signin_id, { quote: { title: `Mixed ${tag} ${i}` } }))
        let modifiedIn = quote._modifiedIn
        let title = ""
        const uploads: Array<{ url: string; bytes: Uint8Array }> = []
        for (let round = 0; round < 4; round++) {
          title = `Mixed ${tag} ${i}.${round}`
          const bytes = new Uint8Array(randomBytes(40_000))
          const form = new FormData()
          form.set("file", new Blob([bytes]), `mixed-${i}-${round}.bin`)
          const [saved, up, list] = await Promise.all([
            run(
              on(round).post(
                `/post/quote-update/edit/${quote.quote_id}/is-editing`,
                saveBody(me.signin_id, { quote: { title }, modifiedIn })
              )
            ),
            run(on(round + 1).post("/service/file-upload/file", form)),
            run(on(round + 2).get("/get/quotes"))
          ])
          assert.strictEqual(saved.status, 200, saved.text)
          assert.strictEqual(up.status, 200, up.text)
          assert.strictEqual(list.status, 200, list.text)
          modifiedIn = saved.body._modifiedIn
          uploads.push({ url: up.body.url, bytes })
        }
        const toSend = await run(
          saveNew(on(1), me.signin_id, {
            quote: { title: `Mixed send ${tag} ${i}` },
            contacts: [{ quote_contact_id: -1, contact_id: contact, contact_order: 0 }]
          })
        )
        const composer = await run(on(2).get(`/get/quote-email/${toSend.quote_id}?kind=send`))
        assert.strictEqual(composer.status, 200, composer.text)
        const subject = `Mixed ${tag} ${i}`
        const sent = await run(
          on(0).post(`/post/quote-email/send/${toSend.quote_id}`, {
            subject,
            message: "Hello,\n\nHere is the <quote>.",
            recipients: (composer.body.recipients as Array<{ quote_contact_id: number }>).map((r) => r.quote_contact_id)
          })
        )
        assert.strictEqual(sent.status, 200, sent.text)
        return { quote_id: quote.quote_id, title, uploads, subject }
      })
    )
    // Past the stop window for every process's sender at once.
    psql(
      target(),
      `UPDATE email_messages SET scheduled_when = now() WHERE email_status = 1 AND subject LIKE 'Mixed ${tag} %'`
    )
    for (const { quote_id, title, uploads } of streams)
      for (const b of browsers) {
        const editor = await run(b.get(`/get/quote-edit/edit/${quote_id}/is-editing`))
        assert.strictEqual(editor.body.quote.title, title, `editor on ${b.base}`)
        const rows = (await run(b.get("/get/quotes"))).body.rows as Array<{ quote_id: number; title: string }>
        assert.strictEqual(rows.find((r) => r.quote_id === quote_id)?.title, title, `list on ${b.base}`)
        for (const { url, bytes } of uploads) {
          const got = await run(b.get(url))
          assert.strictEqual(got.status, 200, `${url} on ${b.base}`)
          assert.deepStrictEqual(Buffer.from(got.bytes), Buffer.from(bytes))
        }
      }
    const ours = () => sink.received.slice(before).filter((m) => m.subject.startsWith(`Mixed ${tag} `))
    for (let i = 0; i < 300 && ours().length < streams.length; i++) await new Promise((r) => setTimeout(r, 100))
    await new Promise((r) => setTimeout(r, 2_500))
    assert.deepStrictEqual(
      ours()
        .map((m) => m.subject)
        .sort(),
      streams.map((s) => s.subject).sort()
    )
  }, 120_000)

  it("a session signed out on one process is refused by the others, well before their caches' TTL", async () => {
    const browsers = await signedIn()
    // Each process holds the session in its cache (kept for SessionCache.TTL_MS).
    const warmedAt = Date.now()
    for (const b of browsers) assert.strictEqual((await run(b.get("/get/cache-account"))).status, 200)
    const out = await run(browsers[0]!.post("/sign-in/exit", {}))
    assert.isBelow(out.status, 300, out.text)
    // The notice reaches the other processes through the bus (LISTEN/NOTIFY) within milliseconds.
    for (const b of browsers.slice(1)) {
      let status = 0
      while (status !== 401 && Date.now() - warmedAt < SessionCache.TTL_MS) {
        status = (await run(b.get("/get/cache-account"))).status
        if (status !== 401) await new Promise((r) => setTimeout(r, 5))
      }
      assert.strictEqual(status, 401, `${b.base} served the signed-out session until its cache entry ran out`)
    }
  }, 60_000)

  it("account settings saved on one process are what every process serves next", async () => {
    const browsers = await signedIn()
    for (let round = 0; round < 3; round++) {
      for (const b of browsers) assert.strictEqual((await run(b.get("/get/cache-account"))).status, 200)
      const writer = browsers[round]!
      const {
        account_id: _a,
        logo_url: _l,
        lead_form_key: _k,
        lead_form_path: _p,
        ...form
      } = (await run(writer.get("/get/settings/account"))).body
      const name = `Demo Works ${round} ${randomBytes(2).toString("hex")}`
      const saved = await run(writer.post("/post/settings/account", { ...form, account_name: name }))
      assert.strictEqual(saved.status, 200, saved.text)
      for (const b of browsers) {
        let seen = ""
        const from = Date.now()
        while (seen !== name && Date.now() - from < AccountCache.TTL_MS) {
          seen = (await run(b.get("/get/cache-account"))).body.account_signin.account_name
          if (seen !== name) await new Promise((r) => setTimeout(r, 5))
        }
        assert.strictEqual(seen, name, `round ${round} on ${b.base}`)
      }
    }
  }, 60_000)
})
