import { assert } from "@effect/vitest"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { type Answer, Browser, layer, newAccount, TestServer } from "../Harness.ts"

/**
 * Malformed input to every operation of the OpenAPI document, signed in and not: every answer must be below 500,
 * and every 4xx must carry the JSON error envelope with a message.
 */

type Json = Record<string, unknown>

interface Operation {
  readonly method: "get" | "post"
  readonly path: string
  readonly query: ReadonlyArray<string>
  readonly body: Json | undefined
}

const deref = (spec: Json, schema: unknown, depth = 0): Json => {
  if (typeof schema !== "object" || schema === null || depth > 8) return {}
  const s = schema as Json
  if (typeof s.$ref === "string") {
    const name = s.$ref.split("/").pop() ?? ""
    return deref(spec, ((spec.components as Json)?.schemas as Json)?.[name], depth + 1)
  }
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    const list = s[key]
    if (Array.isArray(list) && list.length > 0) return deref(spec, list[0], depth + 1)
  }
  return s
}

const operations = (spec: Json): ReadonlyArray<Operation> =>
  Object.entries(spec.paths as Json).flatMap(([path, ops]) =>
    Object.entries(ops as Json)
      .filter(([method]) => method === "get" || method === "post")
      .map(([method, op]) => {
        const o = op as Json
        const parameters = (o.parameters as Array<Json> | undefined) ?? []
        const content = (o.requestBody as Json | undefined)?.content as Json | undefined
        const json = content?.["application/json"] as Json | undefined
        return {
          method: method as "get" | "post",
          path,
          query: parameters.filter((p) => p.in === "query").map((p) => String(p.name)),
          body: json === undefined ? undefined : deref(spec, json.schema)
        }
      })
  )

/** The same object with every property of the schema set by `value` (by the property's declared type). */
const fill = (spec: Json, schema: Json | undefined, value: (type: string) => unknown): Json => {
  const properties = (deref(spec, schema).properties as Json | undefined) ?? {}
  return Object.fromEntries(
    Object.entries(properties).map(([k, p]) => [k, value(String(deref(spec, p).type ?? "string"))])
  )
}

const pathValues = ["0", "abc", "-1", "99999999999999999999", "%00", "%24%60%24'", "1.5"]
const queryValues = ["%00", "abc", "-1", "99999999999999999999", "%24%60", "x".repeat(1000)]

const bodies = (spec: Json, op: Operation): ReadonlyArray<unknown> => [
  {},
  [],
  "x",
  null,
  fill(spec, op.body, (type) => (type === "string" ? 12345 : "not a number")),
  fill(spec, op.body, (type) => (type === "string" ? "a\u0000b" : type === "array" ? ["\u0000"] : { x: "\u0000" })),
  fill(spec, op.body, (type) => (type === "string" ? "Q $` $' $& $$" : -1)),
  fill(spec, op.body, (type) => (type === "string" ? "y".repeat(1_000_000) : 1e308))
]

const problem = (label: string, a: Answer): string | undefined => {
  if (a.status >= 500) return `${label}: ${a.status} ${a.text.slice(0, 200)}`
  if (a.status >= 400) {
    const message = a.body?._serveError?.message
    if (typeof message !== "string" || message === "")
      return `${label}: ${a.status} without the envelope: ${a.text.slice(0, 120)}`
  }
  return undefined
}

describeBackends(
  "malformed input to every operation",
  (it) => {
    it.effect(
      "never answers 5xx, and every refusal carries the error envelope with a message",
      () =>
        Effect.gen(function* () {
          const { url } = yield* TestServer
          const spec = (yield* Effect.promise(() => fetch(`${url}/api/openapi.json`).then((r) => r.json()))) as Json
          const ops = operations(spec)
          assert.isAbove(ops.length, 90)
          const signedIn = (yield* newAccount("Fuzz")).browser
          const anonymous = new Browser(url)
          const problems: Array<string> = []
          const statuses = new Map<number, number>()
          const check = (label: string, a: Answer) => {
            statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1)
            const p = problem(label, a)
            if (p !== undefined) problems.push(p)
          }
          for (const op of ops) {
            // Signing out would end the signed-in browser's session for the operations after it.
            const who = op.path === "/sign-in/exit" ? [anonymous] : [signedIn, anonymous]
            for (const browser of who) {
              const name = browser === signedIn ? "signed in" : "anonymous"
              for (const v of pathValues) {
                const path = op.path.replace(/\{[^}]+\}/g, v)
                const query = op.query.length === 0 ? "" : `?${op.query.map((q) => `${q}=${v}`).join("&")}`
                check(
                  `${name} ${op.method} ${path}${query}`.slice(0, 200),
                  yield* browser.request(
                    op.method.toUpperCase(),
                    `${path}${query}`,
                    op.method === "post" ? {} : undefined
                  )
                )
              }
              if (op.method === "get")
                for (const q of queryValues) {
                  if (op.query.length === 0) break
                  const path = op.path.replace(/\{[^}]+\}/g, "1")
                  const query = `?${op.query.map((name) => `${name}=${q}`).join("&")}`
                  check(`${name} get ${path}${query}`.slice(0, 200), yield* browser.get(`${path}${query}`))
                }
              if (op.method === "post")
                for (const [i, body] of bodies(spec, op).entries()) {
                  const path = op.path.replace(/\{[^}]+\}/g, "1")
                  check(
                    `${name} post ${path} body ${i}`,
                    yield* browser.request("POST", path, typeof body === "string" ? JSON.stringify(body) : body)
                  )
                }
            }
          }
          assert.deepStrictEqual(problems, [])
          // It did reach the handlers: many requests, some accepted, many refused in several ways.
          const total = [...statuses.values()].reduce((a, b) => a + b, 0)
          assert.isAbove(total, 2000)
          for (const status of [200, 400, 401, 404]) assert.isAbove(statuses.get(status) ?? 0, 0, `no ${status}`)
        }),
      300_000
    )
  },
  { layer: layer(), only: ["pglite"], timeout: "5 minutes" }
)
