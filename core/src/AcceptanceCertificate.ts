/**
 * The acceptance certificate: what a customer who accepted a quote can keep, and anyone holding it can check. It
 * closes the accepted quote's PDF: who signed and how (drawn, typed, drawn on a second device, or recorded by the
 * team on the customer's behalf), when (with the time zone), from which address and browser, the options and
 * quantities chosen, and the SHA-256 of exactly what was accepted (the canonical content the audit log keeps), with
 * where to verify it.
 *
 * @example
 * import * as AcceptanceCertificate from "@quotekit/core/AcceptanceCertificate"
 * AcceptanceCertificate.methodLabel({ method: "draw", signedOnDevice: true, onBehalfOf: null })
 * // "Drawn on a second device (phone or tablet, linked by QR code)"
 *
 * @since 0.3.0
 */
import * as AcceptanceProof from "./AcceptanceProof.ts"
import type * as Signature from "./Signature.ts"

/** The recorded facts of one acceptance. */
export interface Record {
  readonly business: string
  readonly quoteNumber: number | undefined
  readonly quoteTitle: string
  readonly signerName: string
  readonly method: Signature.Method
  /** The drawing came from a phone or tablet through the quote's signing room. */
  readonly signedOnDevice: boolean
  /** The team member who recorded the acceptance on the customer's behalf, or null. */
  readonly onBehalfOf: string | null
  /** How the customer accepted, as the team member recorded it (on-behalf acceptances). */
  readonly proof?: AcceptanceProof.Proof | null | undefined
  /** Epoch seconds. */
  readonly acceptedAt: number
  /** IANA time zone the time is shown in (the account's). */
  readonly timeZone: string
  readonly ip: string | null
  readonly userAgent: string | null
  readonly termsConfirmed: boolean
  /** Each price item as accepted: chosen or not, its quantity. */
  readonly items: ReadonlyArray<{ readonly title: string; readonly chosen: boolean; readonly quantity: string }>
  readonly contentHash: string
}

/** The heading of the certificate page. */
export const HEADING = "Acceptance certificate"

/** How the customer signed, in words. */
export const methodLabel = (r: Pick<Record, "method" | "signedOnDevice" | "onBehalfOf">): string => {
  if (r.onBehalfOf !== null) return `Recorded by ${r.onBehalfOf} on the customer's behalf`
  if (r.method === "text") return "Typed name"
  if (r.signedOnDevice) return "Drawn on a second device (phone or tablet, linked by QR code)"
  return "Drawn on screen"
}

/** A time zone the runtime knows, or UTC. */
const zoneOr = (zone: string): string => {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: zone })
    return zone
  } catch {
    return "UTC"
  }
}

/** The moment in the zone, to the second, with the zone's offset and name: '25 November 2026, 10:32:05 GMT+13 (Pacific/Auckland)'. */
export const timeOf = (epochSeconds: number, timeZone: string): string => {
  const zone = zoneOr(timeZone)
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: zone,
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
    timeZoneName: "shortOffset"
  }).formatToParts(new Date(epochSeconds * 1000))
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ""
  return `${get("day")} ${get("month")} ${get("year")}, ${get("hour")}:${get("minute")}:${get("second")} ${get("timeZoneName")} (${zone})`
}

/** The items line: chosen items with their quantities, then the options left out. */
export const itemsOf = (items: Record["items"]): string => {
  const chosen = items.filter((i) => i.chosen).map((i) => `${i.title} × ${i.quantity}`)
  const left = items.filter((i) => !i.chosen).map((i) => i.title)
  return [chosen.join("\n"), left.length === 0 ? "" : `Not chosen: ${left.join(", ")}`]
    .filter((x) => x !== "")
    .join("\n")
}

/** The rows of a recorded proof: how the customer accepted, the reference, the document, the note. */
export const proofFacts = (
  proof: AcceptanceProof.Proof
): ReadonlyArray<{ readonly label: string; readonly value: string }> => [
  { label: "Customer accepted", value: AcceptanceProof.labels[proof.how] },
  ...(proof.reference === ""
    ? []
    : [{ label: proof.how === "purchase-order" ? "Purchase order" : "Reference", value: proof.reference }]),
  ...(proof.document === undefined
    ? []
    : [{ label: "Document", value: `${proof.document.name} (kept with the acceptance)` }]),
  ...(proof.note === "" ? [] : [{ label: "Note", value: proof.note }])
]

/** The certificate's rows, in order (label and value). */
export const facts = (r: Record): ReadonlyArray<{ readonly label: string; readonly value: string }> => [
  { label: "Quote", value: `${r.quoteNumber === undefined ? "" : `#${r.quoteNumber} `}${r.quoteTitle}` },
  { label: "From", value: r.business },
  { label: "Accepted by", value: r.signerName },
  { label: "How", value: methodLabel(r) },
  ...(r.proof === undefined || r.proof === null ? [] : proofFacts(r.proof)),
  { label: "When", value: timeOf(r.acceptedAt, r.timeZone) },
  { label: "IP address", value: r.ip ?? "" },
  { label: "Browser", value: r.userAgent ?? "" },
  ...(r.termsConfirmed ? [{ label: "Terms", value: "The customer ticked the box agreeing to the terms." }] : []),
  { label: "Items accepted", value: itemsOf(r.items) },
  { label: "SHA-256 of what was accepted", value: r.contentHash }
]

/** The path of a certificate's public verification page. */
export const verifyPath = (contentHash: string): string => `/verify/${contentHash}`

/** The closing note: where anyone can check the certificate. */
export const note = (baseUrl: string, contentHash: string): string =>
  `Anyone can check this certificate at ${baseUrl}${verifyPath(contentHash)}, or by uploading this PDF at ${baseUrl}/verify. ` +
  "A changed document or record does not match."

/** Whether a string is a content hash (64 lower-case hex digits). */
export const isHash = (text: string): boolean => /^[0-9a-f]{64}$/.test(text)
