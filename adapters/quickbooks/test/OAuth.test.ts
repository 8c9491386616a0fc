import { Effect } from "effect"
import * as oauth from "oauth4webapi"
import { describe, expect, it } from "vitest"
import { clientId, clientSecret, connect, failure, newRealm, redirectUri, setup } from "./support.ts"

const { fake, qb } = setup()

const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`

describe("QuickBooks OAuth 2", () => {
  it("builds the consent URL with the accounting scope, state and a PKCE S256 challenge", () => {
    const url = qb.authorizeUrl({
      state: "st-42",
      codeChallenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      redirectUri
    })
    expect(`${url.origin}${url.pathname}`).toBe("https://appcenter.intuit.com/connect/oauth2")
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: clientId,
      response_type: "code",
      scope: "com.intuit.quickbooks.accounting",
      redirect_uri: redirectUri,
      state: "st-42",
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256"
    })
    expect(qb.addonId).toBe(7)
  })

  it("exchanges the code with Basic client auth and the verifier, and names the realm of the callback", async () => {
    const realmId = newRealm(fake, { name: "Larry's Landscaping", currency: "CAD" })
    fake.seen.length = 0
    const connected = await connect(fake, qb, realmId)
    expect(connected.organisations).toEqual([{ id: realmId, name: "Larry's Landscaping", currency: "CAD" }])
    expect(connected.tokens.access_token).toMatch(/^at-/)
    expect(connected.tokens.refresh_token).toMatch(/^rt-/)
    expect(connected.tokens.expires_at).toBeGreaterThan(Date.now() + 3500_000)
    const tokenRequest = fake.seen.find((s) => s.url.pathname === "/oauth2/v1/tokens/bearer")
    expect(tokenRequest?.headers.get("authorization")).toBe(basic)
    const form = new URLSearchParams(tokenRequest?.body)
    expect(form.get("grant_type")).toBe("authorization_code")
    expect(form.get("redirect_uri")).toBe(redirectUri)
    expect(form.get("code_verifier")).toMatch(/^[\w-]{43}$/)
    const info = fake.seen.find((s) => s.url.pathname.endsWith(`/companyinfo/${realmId}`))
    expect(info?.url.host).toBe("sandbox-quickbooks.api.intuit.com")
    expect(info?.url.searchParams.get("minorversion")).toBe("75")
    expect(info?.headers.get("accept")).toBe("application/json")
    expect(info?.headers.get("authorization")).toBe(`Bearer ${connected.tokens.access_token}`)
  })

  it("refuses a callback without a realm, a wrong verifier and a code used twice", async () => {
    const realmId = newRealm(fake)
    const codeVerifier = oauth.generateRandomCodeVerifier()
    const codeChallenge = await oauth.calculatePKCECodeChallenge(codeVerifier)
    const url = qb.authorizeUrl({ state: "s", codeChallenge, redirectUri })
    const first = fake.consent(url, realmId)
    const noRealm = new URLSearchParams(first.searchParams)
    noRealm.delete("realmId")
    const code = first.searchParams.get("code") ?? ""
    const missing = await failure(qb.exchange({ code, codeVerifier, redirectUri, params: noRealm }))
    expect(missing).toMatchObject({
      kind: "rejected",
      message: "QuickBooks did not say which company was connected (no realmId)."
    })
    const ok = await Effect.runPromise(qb.exchange({ code, codeVerifier, redirectUri, params: first.searchParams }))
    expect(ok.organisations[0]?.id).toBe(realmId)
    const again = await failure(qb.exchange({ code, codeVerifier, redirectUri, params: first.searchParams }))
    expect(again).toMatchObject({ kind: "auth" })
    expect(again.message).toContain("invalid_grant")
    const second = fake.consent(url, realmId)
    const wrong = await failure(
      qb.exchange({
        code: second.searchParams.get("code") ?? "",
        codeVerifier: "y".repeat(43),
        redirectUri,
        params: second.searchParams
      })
    )
    expect(wrong.kind).toBe("auth")
    expect(wrong.message).toContain("invalid_grant")
  })

  it("the fake's consent page redirects to the callback with the code, state and company", async () => {
    const realmId = newRealm(fake, { name: "Amy's Bird Sanctuary" })
    fake.consentTo(realmId)
    const codeVerifier = oauth.generateRandomCodeVerifier()
    const url = qb.authorizeUrl({
      state: "st-9",
      codeChallenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
      redirectUri
    })
    const page = await fetch(url, { redirect: "manual" })
    expect(page.status).toBe(302)
    const callback = new URL(page.headers.get("location") ?? "")
    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri)
    expect(callback.searchParams.get("state")).toBe("st-9")
    expect(callback.searchParams.get("realmId")).toBe(realmId)
    const connected = await Effect.runPromise(
      qb.exchange({
        code: callback.searchParams.get("code") ?? "",
        codeVerifier,
        redirectUri,
        params: callback.searchParams
      })
    )
    expect(connected.organisations[0]?.name).toBe("Amy's Bird Sanctuary")
    const refused = await fetch(qb.authorizeUrl({ state: "s", codeChallenge: "", redirectUri }), { redirect: "manual" })
    expect(refused.status).toBe(400)
  })

  it("says what the user answered when consent was declined", async () => {
    const params = new URLSearchParams({ error: "access_denied", state: "s", realmId: "1" })
    const declined = await failure(qb.exchange({ code: "", codeVerifier: "v", redirectUri, params }))
    expect(declined).toMatchObject({ kind: "rejected" })
    expect(declined.message).toContain("access_denied")
  })

  it("refreshes with rotation: the newest refresh token works, the one before it no longer does", async () => {
    const realmId = newRealm(fake)
    const { tokens } = await connect(fake, qb, realmId)
    const next = await Effect.runPromise(qb.refresh(tokens))
    expect(next.refresh_token).not.toBe(tokens.refresh_token)
    expect(next.access_token).not.toBe(tokens.access_token)
    expect(fake.refreshTokenWorks(next.refresh_token)).toBe(true)
    expect(fake.refreshTokenWorks(tokens.refresh_token)).toBe(false)
    const stale = await failure(qb.refresh(tokens))
    expect(stale.kind).toBe("auth")
    expect(stale.message).toBe(
      "QuickBooks refused the authorisation (invalid_grant: Incorrect or invalid refresh token); connect QuickBooks again."
    )
    const third = await Effect.runPromise(qb.refresh(next))
    expect((await Effect.runPromise(qb.taxRates(third, realmId))).length).toBeGreaterThan(0)
  })

  it("an expired access token is refused as auth; after a refresh the call goes through", async () => {
    const realmId = newRealm(fake)
    const { tokens } = await connect(fake, qb, realmId)
    fake.expireAccessTokens()
    const expired = await failure(qb.taxRates(tokens, realmId))
    expect(expired.kind).toBe("auth")
    // Intuit quotes the refused token; it never reaches the message.
    expect(expired.message).toBe("Token expired: [token] (code 3200)")
    expect(expired.message).not.toContain(tokens.access_token.slice(3, 20))
    const fresh = await Effect.runPromise(qb.refresh(tokens))
    expect((await Effect.runPromise(qb.taxRates(fresh, realmId))).map((t) => t.code)).toContain("4")
  })

  it("retries the token endpoint on 429 and 500, and refuses a wrong client secret as auth", async () => {
    const realmId = newRealm(fake)
    const { tokens } = await connect(fake, qb, realmId)
    fake.failNext({ status: 429, path: "tokens/bearer", retryAfter: 0 }, { status: 500, path: "tokens/bearer" })
    const next = await Effect.runPromise(qb.refresh(tokens))
    expect(fake.refreshTokenWorks(next.refresh_token)).toBe(true)
    const { QuickBooks } = await import("../src/index.ts")
    const wrong = QuickBooks.make({ clientId, clientSecret: "nope", environment: "sandbox" })
    const refused = await failure(wrong.refresh(next))
    expect(refused.kind).toBe("auth")
    expect(refused.message).toContain("invalid_client")
  })

  it("revokes the grant: the API and the refresh token stop working", async () => {
    const realmId = newRealm(fake)
    const { tokens } = await connect(fake, qb, realmId)
    fake.seen.length = 0
    await Effect.runPromise(qb.revoke(tokens))
    const revoke = fake.seen[0]
    expect(revoke?.url.href).toBe("https://developer.api.intuit.com/v2/oauth2/tokens/revoke")
    expect(revoke?.headers.get("authorization")).toBe(basic)
    expect(JSON.parse(revoke?.body ?? "")).toEqual({ token: tokens.refresh_token })
    expect((await failure(qb.taxRates(tokens, realmId))).kind).toBe("auth")
    expect((await failure(qb.refresh(tokens))).kind).toBe("auth")
    // Revoking again (Intuit no longer knows the token) is not an error.
    await Effect.runPromise(qb.revoke(tokens))
  })

  it("a grant revoked from QuickBooks' side is auth on the next call", async () => {
    const realmId = newRealm(fake)
    const { tokens } = await connect(fake, qb, realmId)
    fake.revokeRealm(realmId)
    expect(await failure(qb.taxRates(tokens, realmId))).toMatchObject({
      kind: "auth",
      message: "Token revoked (code 3200)"
    })
  })
})
