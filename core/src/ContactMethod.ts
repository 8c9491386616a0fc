/**
 * A contact's phones and other ways to reach them (fax, Skype, X, website): their types, labels and the
 * links the contact view builds from them.
 *
 * Links are only built from values that are safe to put in an `href`: a phone becomes a `tel:` link only
 * when it is made of digits, spaces, #, -, + and brackets; a website only ever becomes an http or https URL.
 *
 * @example
 * import * as ContactMethod from "@quotekit/core/ContactMethod"
 * ContactMethod.link({ phoneOther: "+64 21 555 0100", phoneOther_type: 3 }) // Option.some("tel:+64215550100")
 * ContactMethod.link({ phoneOther: "@quotekit", phoneOther_type: 7 })       // Option.some("https://x.com/quotekit")
 * ContactMethod.link({ phoneOther: "acme.co", phoneOther_type: 8 })          // Option.some("https://acme.co")
 *
 * @since 0.1.0
 */
import { Option, Schema } from "effect"

/** Identifier of a phone or method row. */
export const ContactMethodId = Schema.Int.pipe(Schema.brand("ContactMethodId"))
/** Identifier of a phone or method row. */
export type ContactMethodId = typeof ContactMethodId.Type

/** The method type codes as stored in `phoneOther_type`. */
export const Types = {
  phone_primary: 1,
  phone_work: 2,
  phone_mobile: 3,
  phone_home: 4,
  fax: 5,
  skype: 6,
  twitter: 7,
  website: 8
} as const

/** A method type code, 1 to 8. */
export const MethodType = Schema.Literals([1, 2, 3, 4, 5, 6, 7, 8])
/** A method type code, 1 to 8. */
export type MethodType = typeof MethodType.Type

/**
 * A phone or other method of a contact. `contact_id` is branded "ContactId" here as in `Contact.ts`;
 * it is declared locally so this module does not import `Contact.ts`, which imports this one.
 */
export const ContactMethod = Schema.Struct({
  contact_phoneOther_id: ContactMethodId,
  contact_id: Schema.Int.pipe(Schema.brand("ContactId")),
  phoneOther: Schema.String,
  phoneOther_type: MethodType
})
/** A phone or other method of a contact. */
export type ContactMethod = typeof ContactMethod.Type

/** The value and type of a method: all the link and display rules need. */
export type MethodValue = Pick<ContactMethod, "phoneOther" | "phoneOther_type">

/** Labels shown beside each method type; Twitter is shown as X. */
export const labels: Readonly<Record<MethodType, string>> = {
  1: "Phone",
  2: "Work",
  3: "Mobile",
  4: "Home",
  5: "Fax",
  6: "Skype",
  7: "X",
  8: "Website"
}

/** Whether a type is a voice phone (primary, work, mobile, home): the types offered a call link. */
export const isPhone = (type: MethodType): boolean => type >= 1 && type <= 4

/** Whether a phone value may become a `tel:` link: only digits, spaces, #, -, + and brackets, with a digit. */
export const isDiallable = (value: string): boolean => /^[\d\s#\-+()]+$/.test(value) && /\d/.test(value)

/** The `tel:` URL of a diallable value: spaces dropped, "#" escaped as the URI syntax requires. */
export const telHref = (value: string): string => `tel:${value.replace(/\s+/g, "").replace(/#/g, "%23")}`

/** The Skype name in a value (an optional "skype:" prefix removed); `None` when it has other characters. */
export const skypeName = (value: string): Option.Option<string> => {
  const name = value.trim().replace(/^skype:/i, "")
  return /^[A-Za-z0-9.,_:@-]{1,64}$/.test(name) ? Option.some(name) : Option.none()
}

/**
 * The X (Twitter) handle in a value: "@name", "name", or a profile URL on x.com or twitter.com;
 * `None` when it is not a valid handle (1 to 15 letters, digits or underscores).
 */
export const xHandle = (value: string): Option.Option<string> => {
  const handle = value
    .trim()
    .replace(/^(https?:\/\/)?(www\.|mobile\.)?(x|twitter)\.com\//i, "")
    .replace(/^@/, "")
    .replace(/[/?#].*$/, "")
  return /^[A-Za-z0-9_]{1,15}$/.test(handle) ? Option.some(handle) : Option.none()
}

/**
 * The URL of a website value: https:// is added when no scheme is given; only http and https are allowed
 * and the host must look like a domain (or localhost); `None` otherwise.
 */
export const websiteUrl = (value: string): Option.Option<string> => {
  const text = value.trim()
  if (text === "" || /\s/.test(text)) return Option.none()
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(text)
  let url: string
  if (scheme) {
    if (!/^https?$/i.test(scheme[1]!)) return Option.none()
    url = text
  } else {
    // "mailto:", "javascript:" and similar have no "//"; a host with a port ("localhost:3000") does.
    const bare = /^([a-z][a-z0-9+.-]*):(?!\d)/i.exec(text)
    if (bare && !bare[1]!.includes(".")) return Option.none()
    url = `https://${text}`
  }
  const host = /^https?:\/\/([^/?#@]+)/i.exec(url)?.[1]?.replace(/:\d+$/, "")
  if (!host || !/^(localhost|[a-z0-9-]+(\.[a-z0-9-]+)+)$/i.test(host)) return Option.none()
  return Option.some(url.replace(/^https?/i, (s) => s.toLowerCase()))
}

/** The link for a method, when one applies and the value is safe: tel, Skype call, X profile or website. */
export const link = (method: MethodValue): Option.Option<string> => {
  const value = method.phoneOther
  switch (method.phoneOther_type) {
    case 6:
      return Option.map(skypeName(value), (name) => `skype:${name}?call`)
    case 7:
      return Option.map(xHandle(value), (handle) => `https://x.com/${handle}`)
    case 8:
      return websiteUrl(value)
    case 5:
      // A fax number is shown but not offered as a call link: dialling a fax line is never what is wanted.
      return Option.none()
    default:
      return isDiallable(value.trim()) ? Option.some(telHref(value.trim())) : Option.none()
  }
}

/** The text shown for a method: X handles with "@", websites without their scheme, others trimmed. */
export const display = (method: MethodValue): string => {
  const value = method.phoneOther.trim()
  switch (method.phoneOther_type) {
    case 7:
      return Option.match(xHandle(value), { onNone: () => value, onSome: (h) => `@${h}` })
    case 8:
      return value.replace(/^https?:\/\//i, "").replace(/\/$/, "")
    default:
      return value
  }
}
