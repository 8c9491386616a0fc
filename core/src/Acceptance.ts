/**
 * The rules of a customer accepting a quote: the accept form's fields, and when it may be submitted.
 *
 * - Acceptance needs a signature, drawn or a typed full name, else 'Sign to accept'.
 * - When the quote requires the terms checkbox, it must be ticked, else 'Check the box to accept'.
 * - A blank signer-name edit is ignored: the previous name stays.
 * - Nothing is submitted in preview mode: any preview type above 0 blocks acceptance ('This is just a preview').
 *
 * The checks run in that order (preview, signature, checkbox), so the customer is told the first thing to do.
 *
 * ## The form
 * Fields as the specification names them: `accept[sign_value]` carries the signature, `accept[sign_name]` the
 * signer's name, `accept[state_name]` the signing method the pad was in (`draw`, `text` for typed, or
 * `instruct` for a touch device via QR) and `accept[_confirm_checkbox]` is present when the terms box is ticked.
 * With `text` the value is the typed name as typed; otherwise it is drawn signature data (see `Signature`),
 * including a drawing relayed from a touch device.
 *
 * @since 0.1.0
 */
import { Option, Result, Schema } from "effect"
import * as Message from "./Message.ts"
import * as Outcome from "./Outcome.ts"
import * as Signature from "./Signature.ts"

/** The signing method on the wire (`accept[state_name]`): `draw`, `text` or `instruct` (`Signature.methods`). */
export const MethodSchema = /* @__PURE__ */ Schema.Literals(Signature.methods)

/** The accept form as posted, under the specification's field names. */
export const Form = /* @__PURE__ */ Schema.Struct({
  "accept[sign_value]": Schema.String,
  "accept[sign_name]": Schema.optionalKey(Schema.String),
  "accept[state_name]": MethodSchema,
  "accept[_confirm_checkbox]": Schema.optionalKey(Schema.String)
})
/** The accept form as posted. */
export type Form = typeof Form.Type

/** Read a posted accept form (e.g. a parsed urlencoded body); a malformed post is a `SchemaError`. */
export const decodeForm = /* @__PURE__ */ Schema.decodeUnknownResult(Form)

/** What the rules need besides the form. */
export interface Context {
  /** The quote asks the customer to tick the terms checkbox. */
  readonly termsRequired: boolean
  /** 0 when a customer is looking at the quote; above 0 for any preview (the author viewing as customer, etc.). */
  readonly previewType: number
  /** The signer's name before this form: the contact's name, or the last one the signer entered. */
  readonly signerName: string
}

/** An acceptance that passed every rule, ready to record. */
export interface Accepted {
  readonly signature: Signature.Signature
  readonly signerName: string
  readonly method: Signature.Method
  readonly confirmed: boolean
}

// The errors are plain classes (no Schema at run time), so the customer page that runs `validate` in the browser
// does not carry the Schema runtime; `_tag` and `message` are as a `Schema.TaggedError` would have them.

/** Acceptance attempted from a preview: nothing is submitted. */
export class PreviewOnly extends Error {
  readonly _tag = "PreviewOnly"
  override readonly name = "PreviewOnly"
  readonly previewType: number
  constructor(props: { readonly previewType: number }) {
    super(Message.previewNotice)
    this.previewType = props.previewType
  }
}

/** No usable signature: nothing drawn, or a typed name without 2 letters. */
export class SignatureMissing extends Error {
  readonly _tag = "SignatureMissing"
  override readonly name = "SignatureMissing"
  readonly method: Signature.Method
  constructor(props: { readonly method: Signature.Method }) {
    super(Message.signToAccept)
    this.method = props.method
  }
}

/** The terms checkbox is required and not ticked. */
export class ConfirmationMissing extends Error {
  readonly _tag = "ConfirmationMissing"
  override readonly name = "ConfirmationMissing"
  constructor(_props: Record<string, never> = {}) {
    super(Message.checkBoxToAccept)
  }
}

/** Why an acceptance cannot be submitted; `message` is the catalogue text to show. */
export type AcceptanceError = PreviewOnly | SignatureMissing | ConfirmationMissing

/** True when the viewer is previewing, so acceptance is blocked and nothing is submitted. */
export const isPreview = (previewType: number): boolean => previewType > 0

/**
 * The signer's name after an edit: the edit with whitespace collapsed, or the previous name when the edit is
 * blank (clearing the field does not erase who is signing).
 */
export const signerName = (previous: string, edit: string | undefined): string => {
  const name = edit === undefined ? "" : Signature.normalizeName(edit)
  return name === "" ? previous : name
}

/**
 * Whether a checkbox field means ticked. A browser posts the field only when ticked (value "on" by default);
 * JSON clients may send "", "0", "false" or "off" for unticked, which are read as such.
 */
export const isTicked = (value: string | undefined): boolean =>
  value !== undefined && !["", "0", "false", "off"].includes(value.trim().toLowerCase())

/** The signature a form carries for its method, if it has a usable one. */
export const signatureOf = (method: Signature.Method, value: string): Option.Option<Signature.Signature> => {
  if (method === "text") return Option.fromUndefinedOr(Outcome.getOrUndefined(Signature.typed(value)))
  const drawn = Signature.decode(value)
  return Outcome.isSuccess(drawn) && drawn.success.length > 0
    ? Option.some({ _tag: "Drawn", strokes: drawn.success })
    : Option.none()
}

/**
 * Check an accept form against the rules. Use it in the pad before submitting (to show the message) and on
 * the server before recording (so a forged post cannot skip a rule).
 */
export const validate = (form: Form, context: Context): Result.Result<Accepted, AcceptanceError> => {
  if (isPreview(context.previewType)) return Result.fail(new PreviewOnly({ previewType: context.previewType }))
  const method = form["accept[state_name]"]
  const signature = signatureOf(method, form["accept[sign_value]"])
  if (Option.isNone(signature)) return Result.fail(new SignatureMissing({ method }))
  const confirmed = isTicked(form["accept[_confirm_checkbox]"])
  if (context.termsRequired && !confirmed) return Result.fail(new ConfirmationMissing({}))
  // The name held so far, or the typed name when none is held; then the form's edit, unless blank.
  const held = signerName(signature.value._tag === "Typed" ? signature.value.name : "", context.signerName)
  return Result.succeed({
    signature: signature.value,
    signerName: signerName(held, form["accept[sign_name]"]),
    method,
    confirmed
  })
}

/** What the pad holds when the customer presses accept. */
export interface PadState {
  readonly method: Signature.Method
  readonly signature: Signature.Signature | undefined
  readonly signerName: string
  readonly confirmed: boolean
}

/**
 * The form fields to post for the pad's state: the inverse of what {@link validate} reads. The method posted
 * follows the signature held (a typed name is `text`, a drawing, even one relayed from a touch device, is `draw`).
 */
export const toForm = (state: PadState): Form => {
  const s = state.signature
  return {
    "accept[sign_value]": s === undefined ? "" : s._tag === "Typed" ? s.name : Signature.encode(s.strokes),
    "accept[sign_name]": state.signerName,
    "accept[state_name]": s === undefined ? state.method : s._tag === "Typed" ? "text" : "draw",
    ...(state.confirmed ? { "accept[_confirm_checkbox]": "on" } : {})
  }
}
