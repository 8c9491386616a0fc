/**
 * Property: whatever rows a save sends, the editor loads them back as sent. A new quote of random price rows is
 * saved and reloaded; then a second save keeps a random part of those rows (some changed, in a new order), drops
 * the rest and adds new ones, and the reload is that second list: the same rows, with the ids the answers gave,
 * the kept rows' own ids, and nothing of the dropped ones. Guards the set-based writes of a save (one upsert of
 * the changed and new rows, one delete of the removed ones, unchanged rows left alone).
 */
import { assert } from "@effect/vitest"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import fc from "fast-check"
import { type Browser, layer, newAccount } from "../Harness.ts"
import { editor, row, saveBody, type WireRow } from "./Fixtures.ts"

const run = <A>(e: Effect.Effect<A>) => Effect.runPromise(e)

/** A decimal with up to `scale` places, as the app sends it. */
const decimal = (max: number, scale: number) =>
  fc.integer({ min: 0, max: max * 10 ** scale }).map((n) => {
    const s = String(n).padStart(scale + 1, "0")
    return scale === 0 ? s : `${s.slice(0, s.length - scale)}.${s.slice(s.length - scale)}`
  })

/** A decimal's canonical text (no trailing zeros), to compare sent and loaded values. */
const canonical = (text: string): string => {
  const [whole = "0", fraction = ""] = String(text).split(".")
  const f = fraction.replace(/0+$/, "")
  return `${BigInt(whole)}${f === "" ? "" : `.${f}`}`
}

const word = fc.stringMatching(/^[A-Za-z0-9](?:[A-Za-z0-9 ]{0,28}[A-Za-z0-9])?$/)

/** What a price row holds, apart from its id and place. */
const content = fc.record({
  item_code: fc.stringMatching(/^[A-Z0-9-]{0,12}$/),
  item_title: word,
  item_body: fc.oneof(fc.constant(""), word),
  price_unit: decimal(99_999, 4),
  quantity: decimal(999, 4),
  discount_item: fc.oneof(fc.constant("0"), decimal(100, 0))
})
type Content = typeof content extends fc.Arbitrary<infer C> ? C : never

/** The second save: for each saved price row whether it stays (and with what content), then new rows. */
const edit = (n: number) =>
  fc.record({
    kept: fc.array(fc.option(fc.option(content, { nil: undefined }), { nil: null }), { minLength: n, maxLength: n }),
    added: fc.array(content, { maxLength: 6 }),
    seed: fc.integer()
  })

/** Price rows, then the total and a closing text (the structure the core asks for). */
const wireRows = (prices: ReadonlyArray<{ id: number; c: Content }>, closing: ReadonlyArray<number>) => [
  ...prices.map((p, i) => row(p.id, 1, i, p.c)),
  row(closing[0]!, 4, prices.length),
  row(closing[1]!, 2, prices.length + 1, { item_title: "Terms", item_body: "Thanks" })
]

const fields = ["item_type", "item_code", "item_title", "item_body", "order_index"] as const
const decimals = ["price_unit", "quantity", "discount_item"] as const

/** The loaded rows must be the sent ones, in order, with the given ids. */
const expectLoaded = (loaded: ReadonlyArray<Record<string, unknown>>, sent: ReadonlyArray<WireRow>, ids: number[]) => {
  assert.strictEqual(loaded.length, sent.length, "as many rows as sent")
  sent.forEach((s, i) => {
    const l = loaded[i]!
    assert.strictEqual(l.quote_item_id, ids[i], `row ${i}: id`)
    for (const f of fields) assert.strictEqual(l[f], s[f], `row ${i}: ${f}`)
    for (const f of decimals) assert.strictEqual(canonical(String(l[f])), canonical(String(s[f])), `row ${i}: ${f}`)
  })
}

const save = async (b: Browser, path: string, body: unknown) => {
  const a = await run(b.post(path, body))
  assert.strictEqual(a.status, 200, a.text)
  return a.body as { quote_id: number; _modifiedIn: number; items: Array<{ temp_id: number; id: number }> }
}

describeBackends(
  "saving random rows",
  (it) => {
    it.effect("a save of any rows, then of any change to them, reloads as sent", () =>
      Effect.gen(function* () {
        const { browser: b, signinId } = yield* newAccount("RoundTrip")
        yield* Effect.promise(() =>
          fc.assert(
            fc.asyncProperty(
              fc
                .array(content, { minLength: 1, maxLength: 25 })
                .chain((first) => edit(first.length).map((second) => ({ first, second }))),
              async ({ first, second }) => {
                // 1. A new quote of random rows.
                const temp = first.map((c, i) => ({ id: -(i + 1), c }))
                const sent = wireRows(temp, [-(first.length + 1), -(first.length + 2)])
                const created = await save(
                  b,
                  "/post/quote-update/edit/new/is-editing",
                  saveBody(signinId, { items: sent })
                )
                const idOf = new Map(created.items.map((p) => [p.temp_id, p.id]))
                const ids = sent.map((r) => idOf.get(r.quote_item_id)!)
                const loaded = (await run(editor(b, created.quote_id))).body.items
                expectLoaded(loaded, sent, ids)

                // 2. Keep some (changed or not), drop the rest, add new ones, in a shuffled order.
                const kept = temp.flatMap((t, i) => {
                  const k = second.kept[i]
                  // null: dropped; undefined: kept as it was; content: kept and changed.
                  return k === null ? [] : [{ id: ids[i]!, c: k ?? t.c }]
                })
                // A quote keeps at least one price row: when every row was dropped, one new row is added.
                const additions = kept.length + second.added.length === 0 ? [first[0]!] : second.added
                const added = additions.map((c, i) => ({ id: -(i + 1), c }))
                const prices = [...kept, ...added]
                  .map((p, i) => ({ p, key: (Math.imul(i + 1, 2654435761) ^ second.seed) >>> 0 }))
                  .sort((x, y) => x.key - y.key)
                  .map((x) => x.p)
                const closing = [ids[first.length]!, ids[first.length + 1]!]
                const resent = wireRows(prices, closing)
                const again = await save(
                  b,
                  `/post/quote-update/edit/${created.quote_id}/is-editing`,
                  saveBody(signinId, { items: resent, modifiedIn: created._modifiedIn })
                )
                const newIds = new Map(again.items.map((p) => [p.temp_id, p.id]))
                const resentIds = resent.map((r) =>
                  r.quote_item_id > 0 ? r.quote_item_id : newIds.get(r.quote_item_id)!
                )
                assert.strictEqual(new Set(resentIds).size, resentIds.length, "every row has an id of its own")
                const reloaded = (await run(editor(b, created.quote_id))).body.items
                expectLoaded(reloaded, resent, resentIds)
              }
            ),
            { numRuns: 25 }
          )
        )
      })
    )
  },
  { layer: layer() }
)
