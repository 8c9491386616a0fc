import { randomBytes } from "node:crypto"
import { assert } from "@effect/vitest"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import fc from "fast-check"
import { browser, layer, PASSWORD, uniqueEmail } from "./Harness.ts"
import { type Member, probes } from "./TenantProbes.ts"

/** A member of a new account whose name and member name carry a unique marker. */
const member = (label: string) =>
  Effect.gen(function* () {
    const marker = `zq${randomBytes(6).toString("hex")}`
    const b = yield* browser
    const created = yield* b.post("/sign-in/new-account", {
      business_name: `${label} ${marker}`,
      your_name: `${label} ${marker}`,
      email: uniqueEmail(label),
      password: PASSWORD
    })
    assert.strictEqual(created.status, 201, created.text)
    return { browser: b, accountId: created.body.account_id, signinId: created.body.signin_id, marker } satisfies Member
  })

describeBackends(
  "tenant isolation",
  (it) => {
    it.effect(`an intruder never sees or changes another account's records (${probes.length} probes)`, () =>
      Effect.gen(function* () {
        const victim = yield* member("Victim")
        const intruder = yield* member("Intruder")
        const seeded = yield* Effect.forEach(probes, (probe) =>
          Effect.map(probe.seed(victim), (ids) => ({ probe, ids }))
        )
        const failures: Array<string> = []
        yield* Effect.promise(() =>
          fc.assert(
            fc.asyncProperty(
              fc
                .constantFrom(...seeded)
                .chain(({ probe, ids }) =>
                  fc.tuple(
                    fc.constant(probe),
                    fc.constant(ids),
                    fc.oneof(fc.constantFrom(...ids), fc.integer({ min: 1, max: 100_000 }))
                  )
                ),
              async ([probe, ids, id]) => {
                const answer = await Effect.runPromise(probe.request(intruder.browser, id, victim))
                const theirs = ids.includes(id)
                const leaked = answer.text.includes(victim.marker)
                // 400 too: a form naming another account's record (a company, a tax) is refused as bad input.
                const refused = answer.status === 400 || answer.status === 403 || answer.status === 404
                const ok =
                  !leaked &&
                  answer.status < 500 &&
                  (!theirs || refused || (answer.status === 200 && probe.unchanged === undefined))
                if (!ok)
                  failures.push(
                    `${probe.name} id=${id}${theirs ? " (victim's)" : ""}: ${answer.status} ${answer.text.slice(0, 300)}`
                  )
                return ok
              }
            ),
            { numRuns: 200 }
          )
        ).pipe(Effect.catchDefect(() => Effect.void))
        assert.deepStrictEqual(failures, [])
        for (const { probe, ids } of seeded) {
          if (probe.unchanged !== undefined)
            assert.isTrue(yield* probe.unchanged(victim, ids), `${probe.name} changed the victim's rows`)
        }
        // The victim still sees their own records (the probes did not just break everything).
        const own = yield* victim.browser.get("/get/cache-account")
        assert.include(own.text, victim.marker)
        assert.notInclude(own.text, intruder.marker)
      })
    )

    it.effect("an intruder cannot choose another account, and its cache shows only its own", () =>
      Effect.gen(function* () {
        const victim = yield* member("Victim")
        const intruder = yield* member("Intruder")
        const foreign = yield* intruder.browser.post(`/sign-in/act-on/account-select/${victim.accountId}`)
        assert.strictEqual(foreign.status, 403)
        const cache = yield* intruder.browser.get("/get/cache-account")
        assert.strictEqual(cache.body.account_signin.account_id, intruder.accountId)
        assert.notInclude(cache.text, victim.marker)
      })
    )
  },
  { layer: layer() }
)
