/**
 * The public verification of acceptance certificates, for anyone holding one (the customer, their accountant, a
 * court):
 *
 * - `GET /verify`: a page to look a certificate up by the SHA-256 printed on it, or to upload the PDF.
 * - `GET /verify/{hash}`: the acceptance whose accepted content has that SHA-256: who accepted which quote of which
 *   business, when and how, and what was accepted; and whether the stored record still hashes to it (a record
 *   changed after acceptance is reported as not matching).
 * - `POST /verify` (a PDF as the `file` part of a form): whether the PDF is, byte for byte, the certificate
 *   quotekit issued (one changed byte and it is not).
 *
 * Read-only, and nothing in it is private beyond what the certificate itself shows.
 *
 * @since 0.3.0
 */
import { createHash } from "node:crypto"
import * as AcceptanceCertificate from "@quotekit/core/AcceptanceCertificate"
import { Effect, Layer, Option, Stream } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { SqlClient } from "effect/sql"
import { escapeHtml } from "../history/HistoryWriter.ts"
import { auditAndZone, itemsAccepted, proofOf, recordIntact } from "./Certificate.ts"

/** Largest PDF accepted for checking. */
const MAX_PDF_BYTES = 20 * 1024 * 1024

interface Found {
  readonly business: string
  readonly quote_no: number | null
  readonly title: string
  readonly sign_name: string
  readonly sign_method: "draw" | "text" | "instruct"
  readonly signed_on_device: boolean
  readonly accepted_at: Date
  readonly content_hash: string
  readonly audit: unknown
  readonly time_zone: string | null
  readonly on_behalf_name: string | null
  readonly prepared_for: string | null
  readonly proof: unknown
}

const page = (title: string, body: string, status = 200) =>
  HttpServerResponse.text(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · quotekit</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;color:#1f2328}
h1{font-size:1.5rem}.ok{color:#116329}.bad{color:#a40e26}dt{font-weight:600;margin-top:.5rem}dd{margin:0;word-break:break-word}
form{margin:1rem 0;padding:1rem;border:1px solid #d8dee4;border-radius:8px}label{display:block;font-weight:600;margin-bottom:.25rem}
input[type=text]{width:100%;font:inherit;padding:.4rem;box-sizing:border-box}button{font:inherit;margin-top:.5rem;padding:.4rem 1rem}</style>
</head><body><main>${body}</main></body></html>`,
    { status, contentType: "text/html; charset=utf-8", headers: { "cache-control": "no-store" } }
  )

const forms = `
<form method="get" action="/verify/lookup"><label for="hash">SHA-256 printed on the certificate</label>
<input type="text" id="hash" name="hash" inputmode="latin" autocomplete="off" spellcheck="false" pattern="[0-9a-fA-F]{64}" required>
<button type="submit">Check</button></form>
<form method="post" action="/verify" enctype="multipart/form-data"><label for="file">Or upload the certificate PDF</label>
<input type="file" id="file" name="file" accept="application/pdf" required><button type="submit">Check the PDF</button></form>`

const findBy = (column: "content_hash" | "sha256", value: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const where = column === "content_hash" ? sql`a.content_hash = ${value}` : sql`c.sha256 = ${value}`
    const rows = yield* sql<Found>`
      SELECT coalesce(b.name, '') AS business, q.quote_no, q.title, a.sign_name, a.sign_method,
             a.signed_on_device, a.accepted_at, a.content_hash, a.proof,
             (SELECT s.name_display FROM signins s WHERE s.signin_id = a.on_behalf_signin_id) AS on_behalf_name,
             (SELECT coalesce(nullif(btrim(coalesce(ct.name_first, '') || ' ' || coalesce(ct.name_last, '')), ''), ct.email)
              FROM quote_contacts qc JOIN contacts ct ON ct.account_id = qc.account_id AND ct.contact_id = qc.contact_id
              WHERE qc.account_id = a.account_id AND qc.quote_id = a.quote_id
                AND (qc.quote_contact_id = a.quote_contact_id OR a.quote_contact_id IS NULL)
              ORDER BY qc.contact_order, qc.quote_contact_id LIMIT 1) AS prepared_for,
             ${auditAndZone(sql)}
      FROM acceptances a
      JOIN quotes q ON q.account_id = a.account_id AND q.quote_id = a.quote_id
      LEFT JOIN accounts b ON b.account_id = a.account_id
      LEFT JOIN acceptance_certificates c ON c.acceptance_id = a.acceptance_id
      WHERE ${where}
      LIMIT 1`
    return Option.fromNullishOr(rows[0])
  }).pipe(Effect.orDie)

/** The accepted items as the audit kept them, as a list. */
const itemsOf = (audit: unknown): string => {
  const rows = (itemsAccepted(audit) ?? []).map(
    (i) => `<li>${escapeHtml(i.title)} × ${escapeHtml(i.quantity)}${i.chosen ? "" : " (not chosen)"}</li>`
  )
  return rows.length === 0 ? "" : `<ul>${rows.join("")}</ul>`
}

const result = (found: Found, how: string) => {
  const intact = recordIntact(found.audit, found.content_hash)
  const when = AcceptanceCertificate.timeOf(Math.floor(found.accepted_at.getTime() / 1000), found.time_zone ?? "UTC")
  const method = AcceptanceCertificate.methodLabel({
    method: found.sign_method,
    signedOnDevice: found.signed_on_device,
    onBehalfOf: found.on_behalf_name
  })
  const proof = proofOf(found.proof)
  const proofRows = (proof === null ? [] : AcceptanceCertificate.proofFacts(proof))
    .map((f) => `\n<dt>${escapeHtml(f.label)}</dt><dd>${escapeHtml(f.value)}</dd>`)
    .join("")
  const verdict = intact
    ? `<p class="ok" role="status"><strong>This certificate matches the acceptance record.</strong> ${escapeHtml(how)}</p>`
    : `<p class="bad" role="alert"><strong>The acceptance record does not match its hash:</strong> it was changed after the quote was accepted.</p>`
  return page(
    "Acceptance certificate",
    `<h1>Acceptance certificate</h1>${verdict}<dl>
<dt>Quote</dt><dd>${found.quote_no === null ? "" : `#${found.quote_no} `}${escapeHtml(found.title)}</dd>
<dt>From</dt><dd>${escapeHtml(found.business)}</dd>
<dt>Accepted by</dt><dd>${escapeHtml(found.on_behalf_name === null ? found.sign_name : (found.prepared_for ?? found.sign_name))}</dd>
<dt>How</dt><dd>${escapeHtml(method)}</dd>${proofRows}
<dt>When</dt><dd>${escapeHtml(when)}</dd>
<dt>Items accepted</dt><dd>${itemsOf(found.audit)}</dd>
<dt>SHA-256 of what was accepted</dt><dd><code>${found.content_hash}</code></dd></dl>
<p><a href="/verify">Check another certificate</a></p>`,
    intact ? 200 : 409
  )
}

const noMatch = (text: string) =>
  page(
    "Not matching",
    `<h1>Acceptance certificate</h1><p class="bad" role="alert"><strong>${escapeHtml(text)}</strong></p>${forms}`,
    404
  )

const start = HttpRouter.add(
  "GET",
  "/verify",
  Effect.succeed(
    page(
      "Check an acceptance certificate",
      `<h1>Check an acceptance certificate</h1><p>Every accepted quote's PDF ends with a certificate. Check one here by the SHA-256 printed on it, or upload the PDF to see whether it is exactly the one issued.</p>${forms}`
    )
  )
)

const lookupForm = HttpRouter.add(
  "GET",
  "/verify/lookup",
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    const hash = (new URL(request.url, "http://x").searchParams.get("hash") ?? "").trim().toLowerCase()
    if (!AcceptanceCertificate.isHash(hash)) return noMatch("That is not a SHA-256 (64 hexadecimal digits).")
    return HttpServerResponse.redirect(AcceptanceCertificate.verifyPath(hash), { status: 303 })
  })
)

const byHash = HttpRouter.add(
  "GET",
  "/verify/:hash",
  Effect.gen(function* () {
    const hash = ((yield* HttpRouter.params).hash ?? "").toLowerCase()
    if (!AcceptanceCertificate.isHash(hash)) return noMatch("That is not a SHA-256 (64 hexadecimal digits).")
    const found = yield* findBy("content_hash", hash)
    return Option.match(found, {
      onNone: () => noMatch("No acceptance has that SHA-256."),
      onSome: (f) => result(f, "The hash names this acceptance.")
    })
  })
)

const byUpload = HttpRouter.add(
  "POST",
  "/verify",
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    const hasher = createHash("sha256")
    let bytes = 0
    let seen = false
    yield* request.multipartStream.pipe(
      Stream.runForEach((part) => {
        if (part._tag !== "File" || part.key !== "file" || seen) return Effect.void
        seen = true
        return Stream.runForEach(part.content, (chunk) =>
          Effect.sync(() => {
            bytes += chunk.length
            if (bytes <= MAX_PDF_BYTES) hasher.update(chunk)
          })
        )
      })
    )
    if (!seen || bytes === 0) return noMatch("Choose the certificate PDF to check.")
    if (bytes > MAX_PDF_BYTES) return noMatch("That file is larger than any certificate quotekit issues.")
    const found = yield* findBy("sha256", hasher.digest("hex"))
    return Option.match(found, {
      onNone: () => noMatch("This PDF is not a certificate quotekit issued, byte for byte: it may have been changed."),
      onSome: (f) => result(f, "The PDF is exactly the one issued.")
    })
  }).pipe(Effect.catchTag("MultipartError", () => Effect.succeed(noMatch("Choose the certificate PDF to check."))))
)

/** The verification routes. */
export const layer = Layer.mergeAll(start, lookupForm, byHash, byUpload)
