import { createHash } from "node:crypto"
import { assert, describe as plainDescribe, it as plainIt } from "@effect/vitest"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { inlineScriptHashes } from "../../src/http/SecurityHeaders.ts"
import { layer, TestServer } from "../Harness.ts"

const get = (url: string, accept = "text/html") =>
  Effect.promise(async () => {
    const res = await fetch(url, { headers: { accept } })
    return { status: res.status, headers: res.headers, text: await res.text() }
  })

const scriptSources = (policy: string) =>
  policy
    .split(",")
    .flatMap((p) => p.split(";"))
    .map((d) => d.trim())
    .filter((d) => d.startsWith("script-src"))

plainDescribe("inline script hashes", () => {
  plainIt("hashes scripts that run, not data blocks or scripts loaded by src", () => {
    const html = `<script>alert(1)</script><script type="module">import "x"</script>
      <script type="application/json" id="qk-data">{"a":1}</script><script src="/a.js"></script>`
    const sha = (s: string) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`
    assert.deepStrictEqual(inlineScriptHashes(html), [sha("alert(1)"), sha('import "x"')])
  })
})

describeBackends(
  "security headers",
  (it) => {
    it.effect("every answer is nosniff with a referrer and permissions policy; pages get a strict CSP", () =>
      Effect.gen(function* () {
        const { url } = yield* TestServer
        const api = yield* get(`${url}/api/health`, "application/json")
        assert.strictEqual(api.headers.get("x-content-type-options"), "nosniff")
        assert.strictEqual(api.headers.get("referrer-policy"), "strict-origin-when-cross-origin")
        assert.include(api.headers.get("permissions-policy") ?? "", "camera=()")

        const page = yield* get(`${url}/dashboard`)
        const policy = page.headers.get("content-security-policy") ?? ""
        assert.deepStrictEqual(scriptSources(policy), ["script-src 'self'"])
        assert.include(policy, "object-src 'none'")
        assert.include(policy, "frame-ancestors 'self'")
        assert.strictEqual(page.headers.get("x-frame-options"), "SAMEORIGIN")

        // The API reference runs inline scripts: exactly those are allowed, by hash, never 'unsafe-inline'.
        const docs = yield* get(`${url}/api/docs`)
        const docsPolicy = docs.headers.get("content-security-policy") ?? ""
        assert.notInclude(docsPolicy, "unsafe-inline'; script", "no unsafe-inline scripts")
        const [scripts] = scriptSources(docsPolicy)
        assert.isDefined(scripts)
        assert.notInclude(scripts!, "unsafe-inline")
        const expected = inlineScriptHashes(docs.text)
        assert.isAbove(expected.length, 0)
        for (const hash of expected) assert.include(scripts!, hash)
      })
    )
  },
  { layer: layer(), only: ["pglite"] }
)
