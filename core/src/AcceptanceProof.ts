/**
 * How a customer accepted outside the quote page, as the team member who records it with 'Accept on behalf'
 * says: by purchase order (its number), a signed document (the file uploaded), by email, by phone or in person,
 * with an optional note. The proof is kept with the acceptance and its audit entry, written into the history
 * ('All Activity'), and printed on the acceptance certificate.
 *
 * @example
 * import * as AcceptanceProof from "@quotekit/core/AcceptanceProof"
 * AcceptanceProof.describe({ how: "purchase-order", reference: "PO-1234", note: "" })
 * // "by purchase order PO-1234"
 *
 * @since 0.4.0
 */
import { Result, Schema } from "effect"

/** The ways a customer accepts outside the page. */
export const Hows = ["purchase-order", "signed-document", "email", "phone", "in-person"] as const
/** How the customer accepted. */
export const How = Schema.Literals(Hows)
/** How the customer accepted. */
export type How = typeof How.Type

/** The longest purchase order number or other reference. */
export const REFERENCE_MAX = 100
/** The longest note. */
export const NOTE_MAX = 2000

/** The choices of the form, in the order it lists them. */
export const labels: Readonly<Record<How, string>> = {
  "purchase-order": "Purchase order",
  "signed-document": "Signed document",
  email: "By email",
  phone: "By phone",
  "in-person": "In person"
}

/** Texts of the form and its refusals. */
export const text = {
  heading: "Accept on behalf of the customer",
  how: "How did the customer accept?",
  reference: "Purchase order number",
  referenceOther: "Reference (optional)",
  note: "Note (optional)",
  document: "Signed document",
  confirm: "Record acceptance",
  referenceMissing: "Enter the purchase order number.",
  documentMissing: "Attach the signed document.",
  documentUnknown: "The document was not found. Upload it again.",
  referenceTooLong: `Keep the reference under ${REFERENCE_MAX} characters.`,
  noteTooLong: `Keep the note under ${NOTE_MAX} characters.`
} as const

/**
 * The uploaded document: the upload's SHA-256 and its file name as the user had it; the server adds the stored
 * file's id when it records the proof (the document must be an upload of the same account).
 */
export const Document = Schema.Struct({
  hash: Schema.String.check(Schema.isPattern(/^[0-9a-f]{64}$/)),
  name: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(255)),
  file_id: Schema.optionalKey(Schema.Int)
})
/** The uploaded document. */
export type Document = typeof Document.Type

/** The proof as the form sends it and the acceptance keeps it. */
export const Proof = Schema.Struct({
  how: How,
  reference: Schema.String.check(Schema.isMaxLength(REFERENCE_MAX)),
  note: Schema.String.check(Schema.isMaxLength(NOTE_MAX)),
  document: Schema.optionalKey(Document)
})
/** The proof of an acceptance recorded by the team. */
export type Proof = typeof Proof.Type

/** Why a proof is refused, with the form field it belongs to. */
export interface Refusal {
  readonly field: "reference" | "document" | "note"
  readonly message: string
}

/** The proof with its texts trimmed, or why it cannot be recorded. */
export const validate = (proof: Proof): Result.Result<Proof, Refusal> => {
  const reference = proof.reference.trim()
  const note = proof.note.trim()
  if (proof.how === "purchase-order" && reference === "")
    return Result.fail({ field: "reference", message: text.referenceMissing })
  if (proof.how === "signed-document" && proof.document === undefined)
    return Result.fail({ field: "document", message: text.documentMissing })
  return Result.succeed({
    how: proof.how,
    reference,
    note,
    ...(proof.document === undefined ? {} : { document: proof.document })
  })
}

/** The proof in a few words, after "accepted": "by purchase order PO-1234", "in person", "by signed document (po.pdf)". */
export const describe = (proof: Proof): string => {
  const reference = proof.reference.trim()
  switch (proof.how) {
    case "purchase-order":
      return `by purchase order ${reference}`
    case "signed-document":
      return `by signed document${proof.document === undefined ? "" : ` (${proof.document.name})`}${reference === "" ? "" : `, reference ${reference}`}`
    case "email":
      return `by email${reference === "" ? "" : `, reference ${reference}`}`
    case "phone":
      return `by phone${reference === "" ? "" : `, reference ${reference}`}`
    case "in-person":
      return `in person${reference === "" ? "" : `, reference ${reference}`}`
  }
}

/** The sentence the history adds after the acceptance: "The customer accepted by purchase order PO-1234." */
export const sentence = (proof: Proof): string =>
  `The customer accepted ${describe(proof)}.${proof.note.trim() === "" ? "" : ` Note: ${proof.note.trim()}`}`
