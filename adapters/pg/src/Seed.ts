/**
 * The demo account a fresh quotekit starts with, so the first sign-in shows a working business: 'Demo Plumbing
 * & Co' (New Zealand, NZD, GST 15 %), an admin and a colleague, tax rates, categories, contacts, reusable
 * items, a template, quotes in every common status with realistic items, a lead and three reviews; the
 * account's sign-up source (where its creator first landed) and, in the admin's bell, notifications of a
 * customer's question, a teammate's mention and an acceptance.
 *
 * Idempotent: it does nothing when the demo sign-in exists, and two processes seeding at once end with one
 * demo (the loser's transaction fails on the unique email and is treated as "already seeded").
 *
 * Sign in as `demo@quotekit.dev` (admin) or `sam@quotekit.dev` (not admin), password `demo-quotekit`.
 */

import * as Country from "@quotekit/core/Country"
import * as LineItem from "@quotekit/core/LineItem"
import * as Money from "@quotekit/core/Money"
import * as Notification from "@quotekit/core/Notification"
import * as QuoteTotals from "@quotekit/core/QuoteTotals"
import type * as SubscriptionTerm from "@quotekit/core/SubscriptionTerm"
import { Array as Arr, Clock, Context, Effect, Layer, Option } from "effect"
import { SqlClient, type SqlError } from "effect/sql"
import * as Password from "./Password.ts"
import * as SearchText from "./SearchText.ts"
import * as Token from "./Token.ts"

/** The admin of the demo account. */
export const demoEmail = "demo@quotekit.dev"
/** The non-admin colleague in the demo account. */
export const colleagueEmail = "sam@quotekit.dev"
/** The password of both demo sign-ins. */
export const demoPassword = "demo-quotekit"
/** The demo business. */
export const demoAccountName = "Demo Plumbing & Co"

/** A customer link made for a seeded quote: the token is shown once (only its SHA-256 is stored). */
export interface CustomerLink {
  readonly quoteId: number
  readonly quoteContactId: number
  readonly contactName: string
  readonly token: string
}

/** What a customer link is made from (the server derives its token from these under its link secret). */
export interface LinkIdentity {
  readonly account_id: number
  readonly quote_contact_id: number
  readonly created_ms: number
}

/**
 * How the seed makes a customer link's token. The server provides its own derivation (`LinkToken.derive` under
 * its link secret), so it can show and email the demo's links like any other; without it (a bare database) the
 * tokens are random, which open the quote page but cannot be shown again.
 */
export const LinkTokens = Context.Reference<(link: LinkIdentity) => string>("@quotekit/pg/Seed/LinkTokens", {
  defaultValue: () => () => Token.make().token
})

/** What seeding made. */
export interface Seeded {
  readonly accountId: number
  readonly adminSigninId: number
  readonly colleagueSigninId: number
  readonly quoteIds: Readonly<Record<DemoQuote, number>>
  readonly templateId: number
  readonly customerLinks: ReadonlyArray<CustomerLink>
}

/** The demo quotes, by the status each shows. */
export type DemoQuote = "draft" | "sent" | "accepted" | "declined" | "expired"

const day = 86_400_000

type Row = Record<string, unknown>

interface PriceLine {
  readonly kind: "price"
  readonly item?: string
  readonly code: string
  readonly title: string
  readonly body?: string
  readonly unit: string
  readonly cost: string
  readonly quantity: string
  readonly discount?: string
  readonly category: string
  readonly tax: "gst" | "zero"
  readonly choice?: number
  readonly selected?: 0 | 1 | 2
  readonly term?: SubscriptionTerm.Term
}
interface TextLine {
  readonly kind: "text"
  readonly item?: string
  readonly title: string
  readonly body: string
}
type Line = PriceLine | TextLine | { readonly kind: "subtotal" } | { readonly kind: "total" }

const terms: TextLine = {
  kind: "text",
  item: "terms",
  title: "Terms and conditions",
  body:
    "Prices are valid until the expiry date. A deposit secures your booking; the balance is due on completion." +
    " Materials remain ours until paid in full. Work is guaranteed for 12 months."
}

const labour = (hours: string): PriceLine => ({
  kind: "price",
  item: "labour",
  code: "LAB-HR",
  title: "Plumber labour (per hour)",
  unit: "85.00",
  cost: "45.00",
  quantity: hours,
  category: "labour",
  tax: "gst"
})

const callOut: PriceLine = {
  kind: "price",
  item: "callout",
  code: "CALL",
  title: "Call-out fee",
  body: "Travel within the city and the first 15 minutes on site.",
  unit: "95.00",
  cost: "20.00",
  quantity: "1",
  category: "callout",
  tax: "gst"
}

const itemType = { price: 1, text: 2, subtotal: 3, total: 4 } as const

/** Seeds the demo account unless it exists; `None` when it was already there. */
export const run: Effect.Effect<Option.Option<Seeded>, SqlError.SqlError, SqlClient.SqlClient> = Effect.gen(
  function* () {
    const sql = yield* SqlClient.SqlClient
    const exists = yield* sql`SELECT 1 FROM signins WHERE lower(email) = ${demoEmail}`
    if (exists.length > 0) return Option.none()
    const passwordHash = yield* Password.hash(demoPassword)
    const now = yield* Clock.currentTimeMillis
    const linkToken = yield* LinkTokens
    return yield* sql.withTransaction(seed(sql, passwordHash, now, linkToken)).pipe(
      Effect.map(Option.some),
      Effect.catchIf(
        (e) => e.reason._tag === "UniqueViolation",
        () => Effect.succeed(Option.none())
      )
    )
  }
)

/** Seeds the demo account while the layer builds (on first start), logging the outcome. */
export const layer: Layer.Layer<never, SqlError.SqlError, SqlClient.SqlClient> = Layer.effectDiscard(
  Effect.flatMap(run, (seeded) =>
    Option.match(seeded, {
      onNone: () => Effect.void,
      onSome: (s) =>
        Effect.logInfo(`Seeded the demo account '${demoAccountName}': sign in as ${demoEmail} / ${demoPassword}`).pipe(
          Effect.annotateLogs({ account_id: s.accountId })
        )
    })
  )
)

const seed = (sql: SqlClient.SqlClient, passwordHash: string, now: number, linkToken: (link: LinkIdentity) => string) =>
  Effect.gen(function* () {
    const at = (days: number) => new Date(now + days * day)
    const insert = (table: string, id: string, row: Row) =>
      Effect.map(
        sql<Row>`INSERT INTO ${sql(table)} ${sql.insert(row)} RETURNING ${sql(id)}`,
        (rows) => rows[0]![id] as number
      )
    const nz = Option.getOrUndefined(Country.fromCode("NZ"))

    // --- account and team -------------------------------------------------------------------------------------
    const accountId = yield* insert("accounts", "account_id", {
      name: demoAccountName,
      country_id: nz?.id ?? null,
      currency_id: 107,
      amounts_entered: "exclusive_including",
      tax_word: "GST",
      show_symbol: true,
      date_format: "d MMM yyyy",
      default_margin: "40",
      leads_enabled: true,
      reviews_enabled: true,
      // Where the account's creator first landed (the landing cookie's parts), shown in Account Settings.
      signup_source: "blog.hot-water-guide google.com",
      creation: at(-60)
    })
    const signin = (email: string, first: string, last: string, title: string, phone: string) =>
      insert("signins", "signin_id", {
        email,
        password_hash: passwordHash,
        name_first: first,
        name_last: last,
        name_display: `${first} ${last}`,
        profile_title: title,
        profile_phone: phone,
        signin_tz: "Pacific/Auckland",
        creation: at(-60)
      })
    const adminSigninId = yield* signin(demoEmail, "Alex", "Rivera", "Owner", "+64 9 555 0142")
    const colleagueSigninId = yield* signin(colleagueEmail, "Sam", "Carter", "Estimator", "+64 21 555 0199")
    yield* sql`INSERT INTO memberships ${sql.insert([
      {
        account_id: accountId,
        signin_id: adminSigninId,
        is_admin: true,
        invited_by: null,
        invited_at: at(-60),
        joined_at: at(-60)
      },
      {
        account_id: accountId,
        signin_id: colleagueSigninId,
        is_admin: false,
        invited_by: adminSigninId,
        invited_at: at(-50),
        joined_at: at(-49)
      }
    ])}`

    // --- taxes, categories, reusable items --------------------------------------------------------------------
    const taxes = {
      gst: yield* insert("item_taxes", "item_tax_id", { account_id: accountId, tax_rate: "15", description: "GST" }),
      zero: yield* insert("item_taxes", "item_tax_id", {
        account_id: accountId,
        tax_rate: "0",
        description: "Zero-rated"
      })
    }
    const taxRates = new Map([
      [taxes.gst, Money.make("15")],
      [taxes.zero, Money.zero]
    ])
    const category = (name: string, description: string) =>
      insert("item_categories", "item_cat_id", {
        account_id: accountId,
        name,
        description,
        tax_id_default: taxes.gst
      })
    const categories: Record<string, number> = {
      labour: yield* category("Labour", "Time on site"),
      materials: yield* category("Materials", "Parts and fittings"),
      callout: yield* category("Call-outs", "Travel and attendance"),
      maintenance: yield* category("Maintenance plans", "Recurring servicing")
    }
    yield* sql`UPDATE accounts SET default_tax_id = ${taxes.gst}, default_category_id = ${categories.labour}
      WHERE account_id = ${accountId}`

    const reusable: Record<string, number> = {}
    const reusableLines: ReadonlyArray<PriceLine | TextLine> = [
      callOut,
      labour("1"),
      {
        kind: "price",
        item: "cylinder",
        code: "HWC-180",
        title: "Hot water cylinder 180 L, mains pressure",
        body: "Supply of a 180 litre mains pressure electric cylinder with 10-year warranty.",
        unit: "1450.00",
        cost: "980.00",
        quantity: "1",
        category: "materials",
        tax: "gst"
      },
      {
        kind: "price",
        item: "mixer",
        code: "TAP-MIX",
        title: "Kitchen mixer tap, chrome",
        unit: "189.00",
        cost: "112.50",
        quantity: "1",
        category: "materials",
        tax: "gst"
      },
      {
        kind: "price",
        item: "service",
        code: "SVC-ANNUAL",
        title: "Annual hot water service plan",
        body: "Yearly inspection, valve test and flush.",
        unit: "149.00",
        cost: "60.00",
        quantity: "1",
        category: "maintenance",
        tax: "gst",
        term: { term_every: 1, term_type: 3, term_duration: 3 }
      },
      terms,
      {
        kind: "text",
        item: "about",
        title: "About Demo Plumbing & Co",
        body: "Licensed plumbers serving the city since 1998. *Certifying plumber* on every job."
      }
    ]
    for (const line of reusableLines) {
      const base = {
        account_id: accountId,
        item_title: line.title,
        search_text: "",
        modified_by: adminSigninId
      }
      const id =
        line.kind === "price"
          ? yield* insert("items", "item_id", {
              ...base,
              item_type: itemType.price,
              item_code: line.code,
              item_body: line.body ?? "",
              item_cat_id: categories[line.category]!,
              item_tax_id: taxes[line.tax],
              price_unit: line.unit,
              price_cost: line.cost,
              quantity: line.quantity,
              term_every: line.term?.term_every ?? 0,
              term_type: line.term?.term_type ?? 2,
              term_duration: line.term?.term_duration ?? 0,
              search_text: SearchText.item({ item_code: line.code, item_title: line.title })
            })
          : yield* insert("items", "item_id", {
              ...base,
              item_type: itemType.text,
              item_body: line.body,
              search_text: SearchText.item({ item_code: "", item_title: line.title })
            })
      reusable[line.item!] = id
    }

    // --- contacts ---------------------------------------------------------------------------------------------
    interface Person {
      readonly first: string
      readonly last: string
      readonly email: string
      readonly company?: { readonly id: number; readonly name: string }
    }
    const contact = (type: "person" | "company", p: Person) =>
      insert("contacts", "contact_id", {
        account_id: accountId,
        contact_type: type,
        name_first: p.first,
        name_last: p.last,
        email: p.email,
        company_id: p.company?.id ?? null,
        search_text: SearchText.contact({
          name_first: p.first,
          name_last: p.last,
          email: p.email,
          company: p.company?.name
        }),
        modified_by: adminSigninId,
        creation: at(-45)
      })
    const companyName = "Harbourview Apartments Ltd"
    const companyId = yield* contact("company", { first: companyName, last: "", email: "office@harbourview.example" })
    const company = { id: companyId, name: companyName }
    const priya: Person = { first: "Priya", last: "Shah", email: "priya.shah@harbourview.example", company }
    const tom: Person = { first: "Tom", last: "Becker", email: "tom.becker@harbourview.example", company }
    const margaret: Person = { first: "Margaret", last: "O'Neill", email: "margaret.oneill@example.com" }
    const people = {
      priya: { person: priya, id: yield* contact("person", priya) },
      tom: { person: tom, id: yield* contact("person", tom) },
      margaret: { person: margaret, id: yield* contact("person", margaret) }
    }
    // Margaret agreed to marketing email (the contact form's checkbox): MailChimp, once connected, adds her.
    yield* sql`UPDATE contacts SET marketing_opt_in = true WHERE contact_id = ${people.margaret.id}`
    yield* sql`INSERT INTO contact_addresses ${sql.insert([
      {
        account_id: accountId,
        contact_id: companyId,
        address: "Level 2\n18 Quay Street",
        city: "Auckland",
        state: "Auckland",
        zip: "1010",
        country: "New Zealand"
      },
      {
        account_id: accountId,
        contact_id: people.margaret.id,
        address: "42 Kowhai Road",
        city: "Devonport",
        state: "Auckland",
        zip: "0624",
        country: "New Zealand"
      }
    ])}`
    yield* sql`INSERT INTO contact_methods ${sql.insert([
      { account_id: accountId, contact_id: companyId, phone_other: "+64 9 555 0100", phone_other_type: 2 },
      { account_id: accountId, contact_id: companyId, phone_other: "https://harbourview.example", phone_other_type: 8 },
      { account_id: accountId, contact_id: people.priya.id, phone_other: "+64 21 555 0123", phone_other_type: 3 },
      { account_id: accountId, contact_id: people.tom.id, phone_other: "+64 27 555 0456", phone_other_type: 3 },
      { account_id: accountId, contact_id: people.margaret.id, phone_other: "09 555 0789", phone_other_type: 4 }
    ])}`

    // --- quotes and the template ------------------------------------------------------------------------------
    const customerLinks: Array<CustomerLink> = []
    let nextQuoteNo = 1

    interface QuoteSpec {
      readonly title: string
      readonly template?: boolean
      readonly status: string
      readonly archive?: number
      readonly author: number
      readonly contacts: ReadonlyArray<{ readonly person: Person; readonly id: number }>
      readonly lines: ReadonlyArray<Line>
      readonly created: number
      readonly sent?: number
      readonly expiry?: number
      readonly deposit?: string
      readonly discount?: string
      readonly lastView?: number
    }

    const addQuote = (spec: QuoteSpec) =>
      Effect.gen(function* () {
        const rows = spec.lines.map((line, index) => ({ line, index }))
        const priced = rows.map(({ line, index }) => {
          const price = line.kind === "price" ? line : undefined
          const row = {
            quote_item_id: index + 1,
            item_type: itemType[line.kind],
            item_tax_id: price === undefined ? 0 : taxes[price.tax],
            price_unit: Money.make(price?.unit ?? "0"),
            price_cost: Money.make(price?.cost ?? "0"),
            quantity: Money.make(price?.quantity ?? "0"),
            discount_item: Money.make(price?.discount ?? "0"),
            contact_choice: price?.choice ?? 0,
            contact_selected: price?.selected ?? 0,
            term_every: price?.term?.term_every ?? 0,
            term_type: price?.term?.term_type ?? 2,
            term_duration: price?.term?.term_duration ?? 0
          } satisfies QuoteTotals.Row
          return row
        })
        const totals = QuoteTotals.compute({
          items: priced,
          amounts_entered: "exclusive_including",
          discount_overall: Money.make(spec.discount ?? "0"),
          deposit_percent: Money.make(spec.deposit ?? "0"),
          taxIdToRate: taxRates
        })
        const quoteNo = spec.template === true ? null : nextQuoteNo++
        const status = spec.status
        const quoteId = yield* insert("quotes", "quote_id", {
          account_id: accountId,
          is_template: spec.template === true,
          status,
          archive_id: spec.archive ?? 1,
          quote_no: quoteNo,
          title: spec.title,
          sent_when: spec.sent === undefined ? null : at(spec.sent),
          expiry_date: spec.expiry === undefined ? null : at(spec.expiry),
          deposit_percent: spec.deposit ?? "0",
          discount_overall: spec.discount ?? "0",
          currency_id: 107,
          amounts_entered: "exclusive_including",
          from_signin_id: spec.author,
          price_current: Money.toFixed(totals.upFront.total, 2),
          price_potential: Money.toFixed(totals.upFront.total, 2),
          has_been_emailed: spec.sent !== undefined,
          last_view: spec.lastView === undefined ? null : at(spec.lastView),
          stat_opens: spec.lastView === undefined ? 0 : 2,
          status_changed_at: at(spec.sent ?? spec.created),
          search_text: SearchText.quote({
            title: spec.title,
            quote_no: quoteNo,
            contacts: spec.contacts.map((c) => ({
              name_first: c.person.first,
              name_last: c.person.last,
              company: c.person.company?.name
            }))
          }),
          creation: at(spec.created),
          modified: at(spec.sent ?? spec.created),
          modified_by: spec.author
        })
        const itemRows = rows.map(({ line, index }): Row => {
          const figures = priced[index]!
          const linked = "item" in line && line.item !== undefined ? reusable[line.item]! : null
          // Every row carries every column: a multi-row insert takes its columns from the first row.
          const price = line.kind === "price" ? line : undefined
          return {
            account_id: accountId,
            quote_id: quoteId,
            item_type: itemType[line.kind],
            item_id: linked,
            item_code: price?.code ?? "",
            item_title: line.kind === "price" || line.kind === "text" ? line.title : "",
            item_body: line.kind === "text" ? line.body : (price?.body ?? ""),
            item_cat_id: price === undefined ? null : categories[price.category]!,
            item_tax_id: price === undefined ? null : taxes[price.tax],
            price_unit: Money.toFixed(figures.price_unit, 4),
            price_cost: Money.toFixed(figures.price_cost, 4),
            price_total: price === undefined ? "0.00" : Money.toFixed(LineItem.total(figures), 2),
            quantity: Money.toFixed(figures.quantity, 4),
            discount_item: Money.toFixed(figures.discount_item, 4),
            contact_choice: figures.contact_choice,
            contact_selected: figures.contact_selected,
            term_every: figures.term_every,
            term_type: figures.term_type,
            term_duration: figures.term_duration,
            order_index: index,
            editing: linked === null ? "normal" : "locked",
            modified: at(spec.created)
          }
        })
        if (Arr.isReadonlyArrayNonEmpty(itemRows)) yield* sql`INSERT INTO quote_items ${sql.insert(itemRows)}`
        const quoteContactIds: Array<number> = []
        for (const [order, c] of spec.contacts.entries()) {
          const quoteContactId = yield* insert("quote_contacts", "quote_contact_id", {
            account_id: accountId,
            quote_id: quoteId,
            contact_id: c.id,
            contact_order: order,
            last_view: order === 0 && spec.lastView !== undefined ? at(spec.lastView) : null
          })
          quoteContactIds.push(quoteContactId)
          if (spec.template !== true) {
            const created = at(spec.created)
            const token = linkToken({
              account_id: accountId,
              quote_contact_id: quoteContactId,
              created_ms: created.getTime()
            })
            yield* sql`UPDATE quote_contacts SET link_token_hash = ${Token.hash(token)}, link_created_at = ${created}
              WHERE account_id = ${accountId} AND quote_contact_id = ${quoteContactId}`
            customerLinks.push({
              quoteId,
              quoteContactId,
              contactName: `${c.person.first} ${c.person.last}`,
              token
            })
          }
        }
        const history = (days: number, summary: string, actor: number | "customer") =>
          sql`INSERT INTO history ${sql.insert({
            account_id: accountId,
            table_name: "quote",
            category_id: quoteId,
            action_time: at(days),
            html_summary: summary,
            actor: String(actor),
            actor_signin_id: actor === "customer" ? null : actor
          })}`
        if (spec.template !== true) yield* history(spec.created, "Quote created", spec.author)
        if (spec.sent !== undefined) {
          yield* history(spec.sent, `Sent to ${spec.contacts.map((c) => c.person.first).join(", ")}`, spec.author)
          yield* sql`INSERT INTO email_messages ${sql.insert({
            account_id: accountId,
            quote_id: quoteId,
            subject: `Quote: ${spec.title}`,
            subject_type: 1,
            body_text: `Hi ${spec.contacts[0]?.person.first ?? "there"}, here is our quote for ${spec.title}.`,
            // As the sender stores them: who it went to, and that the relay took each copy.
            recipients: JSON.stringify(
              spec.contacts.map((c, i) => ({
                quote_contact_id: quoteContactIds[i],
                name: `${c.person.first} ${c.person.last}`,
                email: c.person.email,
                delivered: true
              }))
            ),
            from_signin_id: spec.author,
            scheduled_when: at(spec.sent),
            email_status: 0,
            sent_at: at(spec.sent)
          })}`
        }
        if (spec.lastView !== undefined) {
          yield* sql`INSERT INTO quote_views ${sql.insert([
            {
              account_id: accountId,
              quote_id: quoteId,
              quote_contact_id: quoteContactIds[0]!,
              viewed_at: at(spec.lastView - 1)
            },
            {
              account_id: accountId,
              quote_id: quoteId,
              quote_contact_id: quoteContactIds[0]!,
              viewed_at: at(spec.lastView)
            }
          ])}`
        }
        return { quoteId, quoteContactIds, quoteNo: quoteNo ?? 0, title: spec.title }
      })

    const template = yield* addQuote({
      title: "Bathroom renovation",
      template: true,
      status: "draft",
      author: adminSigninId,
      contacts: [],
      created: -40,
      deposit: "30",
      lines: [
        callOut,
        labour("24"),
        {
          kind: "price",
          code: "BATH-FIT",
          title: "Bathroom fixtures allowance",
          body: "Toilet, vanity and shower mixer to your choice within this allowance.",
          unit: "2400.00",
          cost: "2100.00",
          quantity: "1",
          category: "materials",
          tax: "gst"
        },
        { kind: "total" },
        terms
      ]
    })
    yield* sql`UPDATE accounts SET default_template_id = ${template.quoteId} WHERE account_id = ${accountId}`

    const draft = yield* addQuote({
      title: "Kitchen mixer tap replacement",
      status: "draft",
      author: colleagueSigninId,
      contacts: [people.margaret],
      created: -1,
      expiry: 29,
      lines: [
        callOut,
        { ...labour("1.5") },
        {
          kind: "price",
          item: "mixer",
          code: "TAP-MIX",
          title: "Kitchen mixer tap, chrome",
          unit: "189.00",
          cost: "112.50",
          quantity: "1",
          category: "materials",
          tax: "gst"
        },
        { kind: "total" },
        terms
      ]
    })
    const sent = yield* addQuote({
      title: "Hot water cylinder replacement, Unit 2A",
      status: "sent",
      author: adminSigninId,
      contacts: [people.priya, people.tom],
      created: -4,
      sent: -3,
      expiry: 27,
      deposit: "20",
      lastView: -1,
      lines: [
        {
          kind: "price",
          item: "cylinder",
          code: "HWC-180",
          title: "Hot water cylinder 180 L, mains pressure",
          body: "Supply of a 180 litre mains pressure electric cylinder with 10-year warranty.",
          unit: "1450.00",
          cost: "980.00",
          quantity: "1",
          category: "materials",
          tax: "gst"
        },
        labour("4"),
        {
          kind: "price",
          code: "DISP",
          title: "Removal and disposal of old cylinder",
          unit: "120.00",
          cost: "60.00",
          quantity: "1",
          category: "labour",
          tax: "gst"
        },
        {
          kind: "price",
          code: "VALVE-TMV",
          title: "Tempering valve upgrade (optional)",
          unit: "265.00",
          cost: "140.00",
          quantity: "1",
          category: "materials",
          tax: "gst",
          choice: 1
        },
        {
          kind: "price",
          item: "service",
          code: "SVC-ANNUAL",
          title: "Annual hot water service plan",
          body: "Yearly inspection, valve test and flush.",
          unit: "149.00",
          cost: "60.00",
          quantity: "1",
          category: "maintenance",
          tax: "gst",
          choice: 1 | 4,
          term: { term_every: 1, term_type: 3, term_duration: 3 }
        },
        { kind: "total" },
        terms
      ]
    })
    const accepted = yield* addQuote({
      title: "Bathroom renovation, Unit 4B",
      status: "accepted",
      author: adminSigninId,
      contacts: [people.tom],
      created: -22,
      sent: -20,
      expiry: 10,
      deposit: "30",
      discount: "5",
      lastView: -15,
      lines: [
        callOut,
        labour("26.5"),
        {
          kind: "price",
          code: "BATH-FIT",
          title: "Bathroom fixtures allowance",
          body: "Toilet, vanity and shower mixer to your choice within this allowance.",
          unit: "2400.00",
          cost: "2100.00",
          quantity: "1",
          category: "materials",
          tax: "gst"
        },
        {
          kind: "price",
          code: "TILE-M2",
          title: "Floor tiling",
          unit: "92.50",
          cost: "55.00",
          quantity: "6.4",
          discount: "10",
          category: "materials",
          tax: "gst"
        },
        { kind: "total" },
        terms
      ]
    })
    const declined = yield* addQuote({
      title: "Blocked drain investigation",
      status: "declined",
      archive: 4,
      author: colleagueSigninId,
      contacts: [people.margaret],
      created: -42,
      sent: -40,
      expiry: -10,
      lines: [
        callOut,
        {
          kind: "price",
          code: "CCTV",
          title: "CCTV drain inspection",
          unit: "340.00",
          cost: "150.00",
          quantity: "1",
          category: "labour",
          tax: "gst"
        },
        { kind: "total" },
        terms
      ]
    })
    const expired = yield* addQuote({
      title: "Outdoor tap installation",
      status: "expired",
      author: adminSigninId,
      contacts: [people.priya],
      created: -50,
      sent: -45,
      expiry: -15,
      lines: [
        labour("2"),
        {
          kind: "price",
          code: "TAP-OUT",
          title: "Outdoor hose tap with backflow preventer",
          unit: "78.00",
          cost: "41.00",
          quantity: "2",
          category: "materials",
          tax: "gst"
        },
        { kind: "total" },
        terms
      ]
    })
    yield* sql`UPDATE accounts SET next_quote_no = ${nextQuoteNo} WHERE account_id = ${accountId}`

    // --- the accepted quote's signature, the sent quote's discussion, a lead -----------------------------------
    yield* sql`INSERT INTO acceptances ${sql.insert({
      account_id: accountId,
      quote_id: accepted.quoteId,
      quote_contact_id: accepted.quoteContactIds[0]!,
      sign_method: "text",
      sign_value: "Tom Becker",
      sign_name: "Tom Becker",
      terms_confirmed: true,
      accepted_at: at(-15)
    })}`
    yield* sql`INSERT INTO audit_log ${sql.insert({
      account_id: accountId,
      at: at(-15),
      actor: "customer",
      action: "quote.accepted",
      subject_table: "quotes",
      subject_id: accepted.quoteId,
      data: JSON.stringify({
        sign_method: "text",
        sign_name: "Tom Becker",
        quote_contact_id: accepted.quoteContactIds[0]
      })
    })}`
    const questionText =
      "Could you fit the new cylinder on a Saturday? The building manager is only on site at weekends."
    const question = yield* insert("discussion", "discuss_id", {
      account_id: accountId,
      quote_id: sent.quoteId,
      discuss_type: 1,
      from_contact_id: people.priya.id,
      discuss_body: questionText,
      discuss_creation: at(-1),
      discuss_modified: at(-1)
    })
    const mentionText = "@Alex access is through the basement car park; we need the swipe card from the office."
    const mention = yield* insert("discussion", "discuss_id", {
      account_id: accountId,
      quote_id: sent.quoteId,
      discuss_type: 12,
      from_signin_id: colleagueSigninId,
      discuss_body: mentionText,
      discuss_creation: at(-2),
      discuss_modified: at(-2)
    })
    // The admin's notifications (add-on 9), as the server writes them: Priya's question and Sam's mention unread,
    // Tom's acceptance read. Their emails count as handled ('none'), so a fresh server sends none.
    const notice = (n: {
      readonly kind: Notification.Kind
      readonly quote: { readonly quoteId: number; readonly quote_no: number; readonly title: string }
      readonly key: string
      readonly actor: string
      readonly text: string
      readonly days: number
      readonly read: boolean
    }) => ({
      account_id: accountId,
      signin_id: adminSigninId,
      event_key: n.key,
      kind: n.kind,
      quote_id: n.quote.quoteId,
      quote_name: Notification.quoteName(n.quote),
      headline: Notification.headline(n.kind, n.actor, Notification.quoteName(n.quote)),
      excerpt: Notification.excerpt(n.text),
      created_at: at(n.days),
      in_app: true,
      read_at: n.read ? at(n.days) : null,
      email_mode: "none"
    })
    const sentQuote = { quoteId: sent.quoteId, quote_no: sent.quoteNo, title: sent.title }
    yield* sql`INSERT INTO notifications ${sql.insert([
      notice({
        kind: "quote.accepted",
        quote: { quoteId: accepted.quoteId, quote_no: accepted.quoteNo, title: accepted.title },
        key: Notification.eventKey("quote.accepted", { quote_id: accepted.quoteId, at: at(-15).getTime() }),
        actor: "Tom Becker",
        text: "",
        days: -15,
        read: true
      }),
      notice({
        kind: "mention",
        quote: sentQuote,
        key: Notification.eventKey("mention", { quote_id: sent.quoteId, entry_id: mention }),
        actor: "Sam Carter",
        text: mentionText,
        days: -2,
        read: false
      }),
      notice({
        kind: "question.asked",
        quote: sentQuote,
        key: Notification.eventKey("question.asked", { quote_id: sent.quoteId, entry_id: question }),
        actor: "Priya Shah",
        text: questionText,
        days: -1,
        read: false
      })
    ])}`
    yield* sql`INSERT INTO follow_ups ${sql.insert({
      account_id: accountId,
      quote_id: sent.quoteId,
      step: 1,
      due_at: at(2),
      created_by: adminSigninId
    })}`
    yield* sql`INSERT INTO leads ${sql.insert({
      account_id: accountId,
      lead_subject: "Leaking shower mixer",
      lead_message: "Our shower mixer drips constantly. Can someone come and have a look next week?",
      lead_email: "j.wong@example.com",
      lead_name_first: "Jamie",
      lead_name_last: "Wong",
      lead_phone: "021 555 0321",
      lead_author: colleagueSigninId,
      lead_potential_value: "450.00",
      lead_marketing_opt_in: true,
      lead_creation: at(-2),
      lead_modified: at(-2)
    })}`
    // Invoicing: built-in invoices on, and the accepted quote's 30% deposit created, waiting for the sync worker,
    // which issues it (number, page, PDF, email) when the server starts.
    yield* sql`INSERT INTO invoicing_settings ${sql.insert({
      account_id: accountId,
      builtin_enabled: true,
      prefix: "INV-",
      next_number: 1001,
      payment_terms_days: 14,
      payment_instructions:
        "Bank transfer to Demo Plumbing & Co, 12-3456-7890123-00, with the invoice number as reference.",
      email_invoices: true
    })}`
    yield* sql`INSERT INTO quote_invoices ${sql.insert({
      account_id: accountId,
      quote_id: accepted.quoteId,
      invoice_adj_at: 0,
      invoice_sync_status: 10,
      per_chosen: 30,
      invoice_status: 10,
      invoice_type_in: 5,
      invoice_type_out: 5,
      invoice_amount: "0",
      invoice_group: "up-front",
      invoice_creation: at(-14),
      invoice_modified: at(-14)
    })}`
    // Reviews (the demo has the Reviews add-on): one featured and seen, two new ones for the menu's count.
    yield* sql`INSERT INTO reviews ${sql.insert([
      {
        account_id: accountId,
        quote_id: accepted.quoteId,
        contact_id: people.tom.id,
        stars: 5,
        message: "Tidy, on time, and the new bathroom looks great. They cleaned up after themselves every day.",
        reviewer_name: "Tom Becker",
        featured: true,
        seen: true,
        archive_id: 1,
        creation: at(-12),
        modified: at(-12)
      },
      {
        account_id: accountId,
        quote_id: expired.quoteId,
        contact_id: people.priya.id,
        stars: 4,
        message: "Quick to reply and explained the options clearly. We will go ahead after winter.",
        reviewer_name: "Priya Shah",
        featured: false,
        seen: false,
        archive_id: 1,
        creation: at(-3),
        modified: at(-3)
      },
      {
        account_id: accountId,
        quote_id: null,
        contact_id: people.margaret.id,
        stars: 5,
        message: "Came out the same day for a burst pipe. Friendly and fairly priced.",
        reviewer_name: "Margaret O'Neill",
        featured: false,
        seen: false,
        archive_id: 1,
        creation: at(-1),
        modified: at(-1)
      }
    ])}`

    return {
      accountId,
      adminSigninId,
      colleagueSigninId,
      templateId: template.quoteId,
      quoteIds: {
        draft: draft.quoteId,
        sent: sent.quoteId,
        accepted: accepted.quoteId,
        declined: declined.quoteId,
        expired: expired.quoteId
      },
      customerLinks,
      questionId: question
    } satisfies Seeded & { readonly questionId: number }
  })
