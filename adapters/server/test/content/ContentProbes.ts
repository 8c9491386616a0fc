/**
 * Tenant-isolation probes of the contacts, items, categories and taxes, leads, settings, uploads and import
 * endpoints, run by `TenantIsolation.integration.test` with the other probes (see `TenantProbes.ts`): an
 * intruder from another account names the victim's records by id and must never read or change them.
 */
import { createHash } from "node:crypto"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import type { Member, Probe } from "../TenantProbes.ts"

const item = (marker: string) => ({
  item: {
    item_code: "",
    item_title: "intruder",
    item_body: "",
    item_cat_id: 0,
    item_tax_id: 0,
    price_unit: "1",
    price_cost: "0",
    quantity: "1",
    editable_quantity: "0",
    discount_item: "0",
    contact_choice: 0,
    term_every: 0,
    term_type: 2,
    term_duration: 0
  },
  _marker: marker
})

const itemSeed = (victim: Member) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ item_id: number }>`
      INSERT INTO items (account_id, item_type, item_title, item_body, search_text)
      VALUES (${victim.accountId}, 1, ${`Item ${victim.marker}`}, ${victim.marker}, ${victim.marker}),
             (${victim.accountId}, 2, ${`Text ${victim.marker}`}, ${victim.marker}, ${victim.marker})
      RETURNING item_id`
    return rows.map((r) => r.item_id)
  })

const itemsUnchanged = (victim: Member, ids: ReadonlyArray<number>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM items
      WHERE account_id = ${victim.accountId} AND item_id IN ${sql.in(ids)} AND archive_id = 1
        AND item_title LIKE ${`%${victim.marker}`}`
    return rows[0]?.n === ids.length
  })

const categorySeed = (victim: Member) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ item_cat_id: number }>`INSERT INTO item_categories (account_id, name)
      VALUES (${victim.accountId}, ${`Cat ${victim.marker}`}) RETURNING item_cat_id`
    return rows.map((r) => r.item_cat_id)
  })

const taxSeed = (victim: Member) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ item_tax_id: number }>`INSERT INTO item_taxes (account_id, tax_rate, description)
      VALUES (${victim.accountId}, 12.5, ${`Tax ${victim.marker}`}) RETURNING item_tax_id`
    return rows.map((r) => r.item_tax_id)
  })

const leadSeed = (victim: Member) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ lead_id: number }>`INSERT INTO leads (account_id, lead_subject, lead_message, lead_email,
        lead_file_name, lead_file_key)
      VALUES (${victim.accountId}, ${`Lead ${victim.marker}`}, ${victim.marker}, 'v@example.com', 'plan.txt',
              ${`${victim.accountId}/${"a".repeat(64)}`}) RETURNING lead_id`
    return rows.map((r) => r.lead_id)
  })

const leadsUnchanged = (victim: Member, ids: ReadonlyArray<number>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM leads
      WHERE account_id = ${victim.accountId} AND lead_id IN ${sql.in(ids)} AND lead_status = 1 AND lead_notes = ''
        AND lead_author IS NULL AND quote_id IS NULL`
    return rows[0]?.n === ids.length
  })

const hashOf = (marker: string) => createHash("sha256").update(marker).digest("hex")

const fileSeed = (victim: Member) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{
      file_id: number
    }>`INSERT INTO files (account_id, hash, original_filename, mime, size, storage_key)
      VALUES (${victim.accountId}, ${hashOf(victim.marker)}, 'secret.csv', 'text/csv', 10,
              ${`${victim.accountId}/${hashOf(victim.marker)}`}) RETURNING file_id`
    return rows.map((r) => r.file_id)
  })

/** The probes of these features. */
export const contentProbes: ReadonlyArray<Probe> = [
  {
    name: "save over a contact",
    seed: (victim) =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const rows = yield* sql<{
          contact_id: number
        }>`INSERT INTO contacts (account_id, contact_type, name_first, search_text)
          VALUES (${victim.accountId}, 'person', ${victim.marker}, ${victim.marker}) RETURNING contact_id`
        return rows.map((r) => r.contact_id)
      }),
    request: (intruder, id) =>
      intruder.post(`/post/contact-update/${id}`, {
        contact: { type: "person", name_first: "Intruder", name_last: "", email: "", company_id: null },
        phones: [],
        addresses: []
      }),
    unchanged: (victim, ids) =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const rows = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM contacts
          WHERE account_id = ${victim.accountId} AND contact_id IN ${sql.in(ids)} AND name_first = ${victim.marker}`
        return rows[0]?.n === ids.length
      })
  },
  {
    name: "link a person to another account's company",
    seed: (victim) =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const rows = yield* sql<{
          contact_id: number
        }>`INSERT INTO contacts (account_id, contact_type, name_first, search_text)
          VALUES (${victim.accountId}, 'company', ${victim.marker}, ${victim.marker}) RETURNING contact_id`
        return rows.map((r) => r.contact_id)
      }),
    request: (intruder, id) =>
      intruder.post("/post/contact-update/0", {
        contact: { type: "person", name_first: "Intruder", name_last: "", email: "", company_id: id },
        phones: [],
        addresses: []
      })
  },
  { name: "open an item", seed: itemSeed, request: (b, id) => b.get(`/get/content-item/price-items/${id}`) },
  {
    name: "copy an item",
    seed: itemSeed,
    request: (b, id) => b.get(`/get/content-item/price-items/new?from-item=${id}`)
  },
  { name: "fetch an item for the editor", seed: itemSeed, request: (b, id) => b.post(`/get/lookup-item/get/${id}`) },
  {
    name: "search items",
    seed: itemSeed,
    request: (b, _id, victim) => b.post("/get/lookup-item/search/1", { search: victim.marker })
  },
  {
    name: "list items",
    seed: itemSeed,
    request: (b, _id, victim) => b.get(`/get/content-items/price-items?search=${victim.marker}`)
  },
  {
    name: "save over an item",
    seed: itemSeed,
    request: (b, id, victim) => b.post(`/post/content-item/update/price-items/${id}`, item(victim.marker)),
    unchanged: itemsUnchanged
  },
  {
    name: "archive an item",
    seed: itemSeed,
    request: (b, id) => b.post(`/post/content-item/archive/${id}/3`),
    unchanged: itemsUnchanged
  },
  {
    name: "merge items",
    seed: itemSeed,
    request: (b, id) => b.post("/post/content-item/merge", { loser_id: id, winner_id: id + 1 }),
    unchanged: itemsUnchanged
  },
  {
    name: "rename a category",
    seed: categorySeed,
    request: (b, id) => b.post(`/post/item-category/${id}`, { name: "Intruder", description: "", tax_id_default: 0 }),
    unchanged: (victim, ids) =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const rows = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM item_categories
          WHERE item_cat_id IN ${sql.in(ids)} AND name = ${`Cat ${victim.marker}`} AND archive_id = 1`
        return rows[0]?.n === ids.length
      })
  },
  {
    name: "use another account's tax on a category",
    seed: taxSeed,
    request: (b, id) => b.post("/post/item-category/new", { name: "Mine", description: "", tax_id_default: id })
  },
  {
    name: "change a tax rate",
    seed: taxSeed,
    request: (b, id) => b.post(`/post/item-tax/${id}`, { tax_rate: "99", description: "Intruder" }),
    unchanged: (victim, ids) =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const rows = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM item_taxes
          WHERE account_id = ${victim.accountId} AND item_tax_id IN ${sql.in(ids)} AND tax_rate = 12.5 AND archive_id = 1`
        return rows[0]?.n === ids.length
      })
  },
  { name: "view a lead", seed: leadSeed, request: (b, id) => b.get(`/get/lead/${id}`) },
  { name: "download a lead's file", seed: leadSeed, request: (b, id) => b.get(`/leads/download-file/${id}/plan.txt`) },
  { name: "list leads", seed: leadSeed, request: (b) => b.get("/get/leads") },
  {
    name: "dismiss a lead",
    seed: leadSeed,
    request: (b, id) => b.post(`/post/lead-action/${id}/dismiss`),
    unchanged: leadsUnchanged
  },
  {
    name: "assign a lead",
    seed: leadSeed,
    request: (b, id, victim) => b.post(`/post/lead-update/${id}`, { lead_notes: "x", lead_author: victim.signinId }),
    unchanged: leadsUnchanged
  },
  {
    name: "convert a lead",
    seed: leadSeed,
    request: (b, id) => b.post(`/post/lead-convert/${id}`),
    unchanged: leadsUnchanged
  },
  { name: "download a file", seed: fileSeed, request: (b, id) => b.get(`/files/${id}/secret.csv`) },
  {
    name: "preview another account's CSV",
    seed: fileSeed,
    request: (b, _id, victim) =>
      b.post("/post/import/preview", { _csv_file_hash: hashOf(victim.marker), kind: "contacts" })
  },
  {
    name: "make another account's template the default",
    seed: (victim) =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const rows = yield* sql<{
          quote_id: number
        }>`INSERT INTO quotes (account_id, is_template, title, from_signin_id)
          VALUES (${victim.accountId}, true, ${victim.marker}, ${victim.signinId}) RETURNING quote_id`
        return rows.map((r) => r.quote_id)
      }),
    request: (b, id) =>
      Effect.gen(function* () {
        const settings = yield* b.get("/get/settings/account")
        const { account_id: _a, logo_url: _l, lead_form_key: _k, lead_form_path: _p, ...input } = settings.body
        return yield* b.post("/post/settings/account", { ...input, default_template_id: id })
      })
  }
]
