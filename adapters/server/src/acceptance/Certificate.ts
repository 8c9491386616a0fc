/**
 * The accepted quote's PDF with its acceptance certificate (`AcceptanceCertificate`): the quote exactly as it
 * was accepted (read back from the content the audit log kept and hashed), then the certificate page with the
 * signature drawn from its strokes. Made once, on first need, and kept in `acceptance_certificates`: every
 * download and email after that is the same bytes, so a copy can be checked against the stored SHA-256.
 *
 * A quote accepted on the customer's behalf by the team has a certificate too: the quote as it stood when the
 * team member recorded the acceptance (hashed then, like a customer's), who recorded it, and the proof of how the
 * customer accepted (`AcceptanceProof`: purchase order, signed document, email, phone, in person). Acceptances
 * recorded before proofs were kept have no content hash, and so no certificate.
 *
 * @since 0.3.0
 */
import { createHash } from "node:crypto"
import * as AcceptanceCertificate from "@quotekit/core/AcceptanceCertificate"
import * as AcceptanceProof from "@quotekit/core/AcceptanceProof"
import type { AccountId } from "@quotekit/core/Account"
import * as ContactChoice from "@quotekit/core/ContactChoice"
import type * as DateFormat from "@quotekit/core/DateFormat"
import * as Money from "@quotekit/core/Money"
import * as PublicQuote from "@quotekit/core/PublicQuote"
import * as Signature from "@quotekit/core/Signature"
import type { PdfDocument } from "@quotekit/pdf/PdfDocument"
import { Effect, Option, Result, Schema } from "effect"
import { SqlClient } from "effect/sql"
import * as AppearanceRepo from "../appearance/Repo.ts"
import { canonicalJson } from "../customer/PublicData.ts"
import { PublicUrl } from "../http/PublicUrl.ts"
import * as InvoicePdf from "../invoices/InvoicePdf.ts"
import * as Logo from "../invoices/Logo.ts"
import { InvoiceRepo } from "../invoices/Repo.ts"
import * as QuotePdf from "../quotes/QuotePdf.ts"

interface Row {
  readonly acceptance_id: number
  readonly sign_method: Signature.Method
  readonly sign_value: string
  readonly sign_name: string
  readonly terms_confirmed: boolean
  readonly signed_on_device: boolean
  readonly accepted_at: Date
  readonly ip: string | null
  readonly user_agent: string | null
  readonly content_hash: string | null
  readonly audit: unknown
  readonly time_zone: string | null
  readonly prepared_for: string | null
  readonly sent_when: Date | null
  readonly sha256: string | null
  readonly on_behalf_name: string | null
  readonly proof: unknown
}

/** A stored certificate PDF. */
export interface Stored {
  readonly pdf: Uint8Array
  readonly sha256: string
}

const sha256 = (bytes: Uint8Array | string): string => createHash("sha256").update(bytes).digest("hex")

const auditContent = (audit: unknown): unknown => {
  const data = typeof audit === "string" ? JSON.parse(audit) : audit
  return (data as { content?: unknown } | null)?.content
}

const decodeProof = Schema.decodeUnknownOption(AcceptanceProof.Proof)

/** The recorded proof of an on-behalf acceptance (none for a customer's own, or an unreadable one). */
export const proofOf = (stored: unknown): AcceptanceProof.Proof | null => {
  if (stored === null || stored === undefined) return null
  const value = typeof stored === "string" ? (JSON.parse(stored) as unknown) : stored
  return Option.getOrNull(decodeProof(value))
}

/** Whether the content the audit kept still hashes to the acceptance's hash (the record was not changed). */
export const recordIntact = (audit: unknown, contentHash: string): boolean => {
  const content = auditContent(audit)
  return content !== undefined && sha256(canonicalJson(content)) === contentHash
}

/** The drawing of a signature for the certificate page (none for a typed name or unreadable data). */
const drawingOf = (method: Signature.Method, value: string): NonNullable<PdfDocument["certificate"]>["drawing"] => {
  if (method === "text") return undefined
  const signature = Signature.fromWire(value)
  if (signature._tag !== "Success" || signature.success._tag !== "Drawn") return undefined
  const strokes = signature.success.strokes
  const box = Signature.cropBox(strokes)
  return {
    ...box,
    paths: Signature.toSvgPaths(strokes).map((p) =>
      p._tag === "Filled" ? { d: p.d, fill: true } : { d: p.d, width: p.width }
    )
  }
}

/**
 * The columns `audit` (the data of the acceptance's audit entry, holding the accepted content) and `time_zone` (the
 * account's admin's) of an acceptance aliased `a`, for a query's select list.
 */
export const auditAndZone = (sql: SqlClient.SqlClient) => sql`
  (SELECT l.data FROM audit_log l
   WHERE l.account_id = a.account_id AND l.subject_table = 'quote' AND l.subject_id = a.quote_id
     AND l.action IN ('quote.customerAccept', 'quote.acceptOnBehalf') AND l.content_hash = a.content_hash
   ORDER BY l.at DESC LIMIT 1) AS audit,
  (SELECT s.signin_tz FROM memberships m JOIN signins s ON s.signin_id = m.signin_id
   WHERE m.account_id = a.account_id AND m.is_admin ORDER BY m.joined_at NULLS LAST LIMIT 1) AS time_zone`

/** The price items as accepted (chosen or not, quantity), from the audit entry's data; none when unreadable. */
export const itemsAccepted = (audit: unknown): AcceptanceCertificate.Record["items"] | undefined => {
  const content = auditContent(audit)
  const quote = content === undefined ? undefined : PublicQuote.decode(content)
  if (quote === undefined || Result.isFailure(quote)) return undefined
  return itemsOf(quote.success)
}

const itemsOf = (quote: PublicQuote.PublicQuote): AcceptanceCertificate.Record["items"] =>
  quote.publicItems
    .filter((i) => i.item_type === 1)
    .map((i) => ({
      title: i.item_title,
      chosen: ContactChoice.isSelected(i.contact_choice, i.contact_selected),
      quantity: Money.formatTrimmed(i.quantity, 0, 4)
    }))

const load = (account: number, quoteId: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<Row>`
      SELECT a.acceptance_id, a.sign_method, a.sign_value, a.sign_name, a.terms_confirmed, a.signed_on_device,
             a.accepted_at, a.ip, a.user_agent, a.content_hash, c.sha256, a.proof,
             (SELECT s.name_display FROM signins s WHERE s.signin_id = a.on_behalf_signin_id) AS on_behalf_name,
             (SELECT q.sent_when FROM quotes q WHERE q.account_id = a.account_id AND q.quote_id = a.quote_id) AS sent_when,
             ${auditAndZone(sql)},
             (SELECT coalesce(nullif(btrim(coalesce(ct.name_first, '') || ' ' || coalesce(ct.name_last, '')), ''), ct.email)
              FROM quote_contacts qc JOIN contacts ct ON ct.account_id = qc.account_id AND ct.contact_id = qc.contact_id
              WHERE qc.account_id = a.account_id AND qc.quote_id = a.quote_id
                AND (qc.quote_contact_id = a.quote_contact_id OR a.quote_contact_id IS NULL)
              ORDER BY qc.contact_order, qc.quote_contact_id LIMIT 1) AS prepared_for
      FROM acceptances a
      LEFT JOIN acceptance_certificates c ON c.acceptance_id = a.acceptance_id
      WHERE a.account_id = ${account} AND a.quote_id = ${quoteId} AND a.content_hash IS NOT NULL`
    return Option.fromNullishOr(rows[0])
  }).pipe(Effect.orDie)

/** The certificate PDF of a quote's acceptance, made and kept on first need; none without a customer's acceptance. */
export const forQuote = (account: number, quoteId: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const found = yield* load(account, quoteId)
    if (Option.isNone(found)) return Option.none<Stored>()
    const row = found.value
    if (row.sha256 !== null) {
      const [kept] = yield* sql<{ pdf: Uint8Array }>`
        SELECT pdf FROM acceptance_certificates WHERE acceptance_id = ${row.acceptance_id}`.pipe(Effect.orDie)
      if (kept !== undefined) return Option.some({ pdf: new Uint8Array(kept.pdf), sha256: row.sha256 })
    }
    const content = auditContent(row.audit)
    const quote = content === undefined ? undefined : PublicQuote.decode(content)
    if (quote === undefined || Result.isFailure(quote) || row.content_hash === null) return Option.none<Stored>()
    const invoices = yield* InvoiceRepo
    const business = yield* invoices.business(account as AccountId)
    const settings = yield* invoices.settings(account as AccountId)
    const acceptedAt = Math.floor(row.accepted_at.getTime() / 1000)
    const record: AcceptanceCertificate.Record = {
      business: business.name,
      quoteNumber: quote.success.quote_no,
      quoteTitle: quote.success.title,
      // On the customer's behalf: the customer accepted; the team member only recorded it.
      signerName: row.on_behalf_name === null ? row.sign_name : (row.prepared_for ?? row.sign_name),
      method: row.sign_method,
      signedOnDevice: row.signed_on_device,
      onBehalfOf: row.on_behalf_name,
      proof: proofOf(row.proof),
      acceptedAt,
      timeZone: row.time_zone ?? "UTC",
      ip: row.ip,
      userAgent: row.user_agent,
      termsConfirmed: row.terms_confirmed,
      items: itemsOf(quote.success),
      contentHash: row.content_hash
    }
    const base = yield* (yield* PublicUrl).current
    const drawing = drawingOf(row.sign_method, row.sign_value)
    const document = QuotePdf.documentOf({
      quote: quote.success,
      business: business.name,
      dateFormat: business.date_format as DateFormat.Style,
      statusLabel: "Accepted",
      sentWhen: row.sent_when === null ? 0 : Math.floor(row.sent_when.getTime() / 1000),
      expiry: 0,
      preparedFor: row.prepared_for ?? row.sign_name,
      pageSize: settings.page_size ?? "A4",
      appearance: yield* AppearanceRepo.get(account),
      acceptance: { sign_name: row.sign_name, accepted_at: acceptedAt, on_behalf: row.on_behalf_name !== null }
    })
    const logo = yield* Logo.bytes(account as AccountId)
    const pdf = yield* InvoicePdf.render({
      ...document,
      ...(Option.isSome(logo) ? { business: { ...document.business, logo: logo.value } } : {}),
      createdAt: row.accepted_at,
      certificate: {
        heading: AcceptanceCertificate.HEADING,
        intro:
          row.on_behalf_name === null
            ? `${row.sign_name} accepted this quote from ${business.name}. This page records how.`
            : `${row.on_behalf_name} of ${business.name} recorded that the customer accepted this quote. This page records how.`,
        facts: AcceptanceCertificate.facts(record),
        ...(drawing === undefined ? {} : { drawing, drawingAfter: "How" }),
        note: AcceptanceCertificate.note(base, row.content_hash)
      }
    })
    // Two first downloads at once keep one copy: whichever was stored first is what both answer.
    yield* sql`
      INSERT INTO acceptance_certificates (acceptance_id, account_id, quote_id, pdf, sha256)
      VALUES (${row.acceptance_id}, ${account}, ${quoteId}, ${pdf}, ${sha256(pdf)})
      ON CONFLICT (acceptance_id) DO NOTHING`.pipe(Effect.orDie)
    const [kept] = yield* sql<{ pdf: Uint8Array; sha256: string }>`
      SELECT pdf, sha256 FROM acceptance_certificates WHERE acceptance_id = ${row.acceptance_id}`.pipe(Effect.orDie)
    return Option.some(
      kept === undefined ? { pdf, sha256: sha256(pdf) } : { pdf: new Uint8Array(kept.pdf), sha256: kept.sha256 }
    )
  })
