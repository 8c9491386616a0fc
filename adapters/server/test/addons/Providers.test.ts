import { assert, describe, it } from "@effect/vitest"
import * as Providers from "../../src/addons/Providers.ts"
import * as Setup from "../../src/addons/Setup.ts"

const redirectUri = "https://quotes.example.com/settings/add-ons/callback"
const attempt = { state: "st", codeChallenge: "ch", redirectUri }

describe("add-on providers from the environment", () => {
  it("nothing set: no add-on, no note (the page lists them as not set up), connecting needs the key", () => {
    const setup = Setup.fromEnv({})
    assert.strictEqual(setup.accounting.size, 0)
    assert.strictEqual(setup.notes?.size, 0)
    assert.isFalse(setup.secretKeySet)
    assert.isFalse(Setup.isSetUp(setup, 1))
    assert.isTrue(Setup.isSetUp(setup, 12))
    // Highrise and Insightly need nothing from the operator; Capsule and Mailchimp need their OAuth clients.
    assert.deepStrictEqual([...(setup.crm?.keys() ?? [])].sort(), [2, 5])
    assert.deepStrictEqual(
      [2, 3, 5, 6].map((id) => Setup.isSetUp(setup, id)),
      [true, false, true, false]
    )
    assert.isUndefined(Setup.oauthOf(setup, 2))
  })

  it("Capsule and Mailchimp from their client ids and secrets, connecting over OAuth 2 with PKCE", () => {
    const setup = Setup.fromEnv({
      QUOTEKIT_CAPSULE_CLIENT_ID: "capsule-id",
      QUOTEKIT_CAPSULE_CLIENT_SECRET: "capsule-secret",
      QUOTEKIT_MAILCHIMP_CLIENT_ID: "mc-id",
      QUOTEKIT_MAILCHIMP_CLIENT_SECRET: "mc-secret"
    })
    assert.deepStrictEqual(
      [2, 3, 5, 6].map((id) => Setup.isSetUp(setup, id)),
      [true, true, true, true]
    )
    const toCapsule = Setup.oauthOf(setup, 3)!.authorizeUrl(attempt)
    assert.strictEqual(toCapsule.origin, "https://api.capsulecrm.com")
    assert.strictEqual(toCapsule.searchParams.get("client_id"), "capsule-id")
    assert.strictEqual(toCapsule.searchParams.get("code_challenge_method"), "S256")
    assert.notInclude(toCapsule.toString(), "capsule-secret")
    const toMailchimp = Setup.oauthOf(setup, 6)!.authorizeUrl(attempt)
    assert.strictEqual(toMailchimp.origin, "https://login.mailchimp.com")
    assert.strictEqual(toMailchimp.searchParams.get("client_id"), "mc-id")
    assert.strictEqual(toMailchimp.searchParams.get("redirect_uri"), redirectUri)
    const half = Setup.fromEnv({ QUOTEKIT_MAILCHIMP_CLIENT_SECRET: "mc-secret" })
    assert.isFalse(Setup.isSetUp(half, 6))
    assert.strictEqual(
      half.notes?.get(6),
      "Mailchimp is not set up: QUOTEKIT_MAILCHIMP_CLIENT_SECRET is set but QUOTEKIT_MAILCHIMP_CLIENT_ID is not."
    )
  })

  it("Xero and QuickBooks from their client ids and secrets; QuickBooks in production unless said", () => {
    const setup = Setup.fromEnv({
      QUOTEKIT_XERO_CLIENT_ID: " xero-id ",
      QUOTEKIT_XERO_CLIENT_SECRET: "xero-secret",
      QUOTEKIT_QUICKBOOKS_CLIENT_ID: "qb-id",
      QUOTEKIT_QUICKBOOKS_CLIENT_SECRET: "qb-secret",
      QUOTEKIT_SECRET_KEY: "k".repeat(32)
    })
    assert.isTrue(setup.secretKeySet)
    const xero = setup.accounting.get(1)!
    const quickbooks = setup.accounting.get(7)!
    assert.deepStrictEqual([xero.addonId, quickbooks.addonId], [1, 7])
    const toXero = xero.authorizeUrl(attempt)
    assert.strictEqual(toXero.origin, "https://login.xero.com")
    assert.strictEqual(toXero.searchParams.get("client_id"), "xero-id")
    assert.strictEqual(toXero.searchParams.get("redirect_uri"), redirectUri)
    assert.strictEqual(toXero.searchParams.get("code_challenge_method"), "S256")
    assert.notInclude(toXero.toString(), "xero-secret")
    const toIntuit = quickbooks.authorizeUrl(attempt)
    assert.strictEqual(toIntuit.origin, "https://appcenter.intuit.com")
    assert.strictEqual(toIntuit.searchParams.get("client_id"), "qb-id")
    assert.notInclude(toIntuit.toString(), "qb-secret")
    assert.strictEqual(Providers.quickBooksEnvironment({}), "production")
    assert.strictEqual(Providers.quickBooksEnvironment({ QUOTEKIT_QUICKBOOKS_ENVIRONMENT: "Sandbox" }), "sandbox")
  })

  it("a half set-up or an unknown environment leaves the add-on out with a note that names the variable", () => {
    const setup = Setup.fromEnv({
      QUOTEKIT_XERO_CLIENT_ID: "xero-id",
      QUOTEKIT_QUICKBOOKS_CLIENT_ID: "qb-id",
      QUOTEKIT_QUICKBOOKS_CLIENT_SECRET: "qb-secret",
      QUOTEKIT_QUICKBOOKS_ENVIRONMENT: "staging",
      QUOTEKIT_SECRET_KEY: "too short"
    })
    assert.strictEqual(setup.accounting.size, 0)
    assert.isFalse(setup.secretKeySet)
    assert.strictEqual(
      setup.notes?.get(1),
      "Xero is not set up: QUOTEKIT_XERO_CLIENT_ID is set but QUOTEKIT_XERO_CLIENT_SECRET is not."
    )
    assert.match(setup.notes?.get(7) ?? "", /QUOTEKIT_QUICKBOOKS_ENVIRONMENT must be production or sandbox/)
    assert.notInclude(setup.notes?.get(7) ?? "", "qb-secret")
  })
})
