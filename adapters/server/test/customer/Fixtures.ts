/**
 * A sent quote with a customer link, made over HTTP as a team member would: a contact, a quote with a plain
 * item (with a cost), a checkbox option, a two-option multiple-choice group and an item whose quantity the
 * customer may edit, marked as sent; the link read from the team's links endpoint.
 */
import { Effect } from "effect"
import { type Browser, browser, newAccount } from "../Harness.ts"
import { contact, rows, saveNew } from "../quotes/Fixtures.ts"

/** Contact choice flags (checkbox 1, radio 2, default on 4). */
export const CHECKBOX = 1
export const RADIO = 2
export const ON = 4

/** The rows of the fixture quote. */
export const fixtureRows = () =>
  rows([
    { title: "Labour", unit: "100", qty: "2", price_cost: "37.5" },
    { title: "Extended warranty", unit: "50", contact_choice: CHECKBOX },
    { title: "Oak finish", unit: "300", contact_choice: RADIO | ON },
    { title: "Walnut finish", unit: "450", contact_choice: RADIO },
    { title: "Spare tiles", unit: "10", qty: "5", editable_quantity: "20" }
  ])

/** A team member's account with a sent quote and the customer link of its contact. */
export const sentQuote = (name: string, o: { readonly send?: boolean } = {}) =>
  Effect.gen(function* () {
    const team = yield* newAccount(name)
    const grace = yield* contact(team.accountId, "Grace", "Hopper")
    const saved = yield* saveNew(team.browser, team.signinId, {
      quote: { title: `${name} kitchen` },
      items: fixtureRows(),
      contacts: [{ quote_contact_id: -1, contact_id: grace, contact_order: 0 }]
    })
    if (o.send ?? true) {
      const sent = yield* team.browser.post("/post/quote-mark-sent", { quote_id: saved.quote_id })
      if (sent.status !== 200) return yield* Effect.die(`mark sent failed: ${sent.text}`)
    }
    const links = yield* team.browser.get(`/get/quote-links/${saved.quote_id}`)
    if (links.status !== 200) return yield* Effect.die(`links failed: ${links.text}`)
    const url: string | null = links.body[0]?.url ?? null
    const token = url === null ? null : url.slice(url.lastIndexOf("/") + 1)
    const customer = yield* browser
    return { ...team, quoteId: saved.quote_id, contactId: grace, token, url, customer, saved }
  })

/** The accept body for the customer's current choices. */
export const acceptBody = (
  choices: ReadonlyArray<{ quote_item_id: number; contact_selected: number; quantity: string }>,
  o: { readonly sign?: string; readonly method?: string; readonly name?: string; readonly confirm?: boolean } = {}
) => ({
  "accept[sign_value]": o.sign ?? "Grace Hopper",
  "accept[state_name]": o.method ?? "text",
  ...(o.name === undefined ? {} : { "accept[sign_name]": o.name }),
  ...(o.confirm === true ? { "accept[_confirm_checkbox]": "on" } : {}),
  choices
})

/** The public items of the customer's data as choices (what the page posts when nothing changed). */
export const choicesOf = (data: { quote: { publicItems: ReadonlyArray<Record<string, unknown>> } }) =>
  data.quote.publicItems
    .filter((i) => i.item_type === 1)
    .map((i) => ({
      quote_item_id: i.quote_item_id as number,
      contact_selected: i.contact_selected as number,
      quantity: i.quantity as string
    }))

/** GET the customer's data through a browser. */
export const open = (b: Browser, token: string, preview?: string) =>
  b.get(`/api/q/${token}${preview === undefined ? "" : `?preview=${preview}`}`)
