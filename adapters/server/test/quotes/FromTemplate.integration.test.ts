import { assert } from "@effect/vitest"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { browser, layer, newAccount } from "../Harness.ts"
import { contact, editor, rows, saveNew } from "./Fixtures.ts"

describeBackends(
  "a quote from a template in one call",
  (it) => {
    it.effect(
      "makes a draft with the template's rows, the title and the contact given, with a key as with a session",
      () =>
        Effect.gen(function* () {
          const team = yield* newAccount("Templated")
          const template = yield* saveNew(
            team.browser,
            team.signinId,
            {
              quote: { title: "Standard service", deposit_percent: "20" },
              items: rows([
                { title: "Call-out", unit: "95" },
                { title: "Hourly labour", unit: "80", qty: "2" }
              ])
            },
            "template"
          )
          const grace = yield* contact(team.accountId, "Grace", "Hopper")
          const key = yield* team.browser.post("/post/api-keys", { name: "Zapier", scope: "write" })
          assert.strictEqual(key.status, 201, key.text)
          const b = yield* browser
          const made = yield* b.request(
            "POST",
            `/post/quote-from-template/${template.quote_id}`,
            { title: "Service for Grace", contact_id: grace },
            { csrfHeader: "missing", requestedWith: false },
            { authorization: `Bearer ${key.body.secret as string}` }
          )
          assert.strictEqual(made.status, 200, made.text)
          const quoteId = made.body.nextTokens.upNext as number
          const loaded = (yield* editor(team.browser, quoteId)).body
          assert.strictEqual(loaded.is_template, false)
          assert.strictEqual(loaded.quote.title, "Service for Grace")
          assert.strictEqual(loaded.quote.deposit_percent, "20")
          assert.deepStrictEqual(
            loaded.items
              .filter((r: { item_type: number }) => r.item_type === 1)
              .map((r: { item_title: string }) => r.item_title),
            ["Call-out", "Hourly labour"]
          )
          assert.deepStrictEqual(
            loaded.contacts.map((c: { contact_id: number }) => c.contact_id),
            [grace]
          )
          // The template is unchanged and the draft remembers where it came from.
          const again = (yield* editor(team.browser, template.quote_id, "template")).body
          assert.strictEqual(again.quote.title, "Standard service")

          // Without a title the template's is used; the session works as well.
          const plain = yield* team.browser.post(`/post/quote-from-template/${template.quote_id}`, {})
          assert.strictEqual(plain.status, 200, plain.text)
          assert.strictEqual(
            (yield* editor(team.browser, plain.body.nextTokens.upNext)).body.quote.title,
            "Standard service"
          )
        })
    )

    it.effect("refuses what is not one of the account's templates, and another account's contact", () =>
      Effect.gen(function* () {
        const team = yield* newAccount("Careful")
        const other = yield* newAccount("Other")
        const theirs = yield* saveNew(other.browser, other.signinId, { quote: { title: "Theirs" } }, "template")
        const quote = yield* saveNew(team.browser, team.signinId, { quote: { title: "A quote" } })
        const mine = yield* saveNew(team.browser, team.signinId, { quote: { title: "Mine" } }, "template")
        for (const id of [String(theirs.quote_id), String(quote.quote_id), "0", "abc", "99999999"]) {
          const answer = yield* team.browser.post(`/post/quote-from-template/${id}`, {})
          assert.strictEqual(answer.status, 404, `${id}: ${answer.text}`)
        }
        const stranger = yield* contact(other.accountId, "Not", "Yours")
        const refused = yield* team.browser.post(`/post/quote-from-template/${mine.quote_id}`, { contact_id: stranger })
        assert.isTrue(refused.status >= 400 && refused.status < 500, refused.text)
        assert.isString(refused.body._serveError.message)
      })
    )
  },
  { layer: layer() }
)
