/**
 * Contacts (people and companies): the stored shape, the email pattern, display names, and reading a contact
 * out of pasted free text such as an email signature.
 *
 * @example
 * import * as Contact from "@quotekit/core/Contact"
 * Contact.parseFreeText("Jane Smith\nAcme Ltd\n12 High St\nWellington 6011\njane@acme.co")
 * // { email: "jane@acme.co", name_first: "Jane", name_last: "Smith", company: "Acme Ltd",
 * //   address: { address: "12 High St", city: "Wellington", zip: "6011", ... }, methods: [], extra: [] }
 *
 * @since 0.1.0
 */
import { Option, Schema } from "effect"
import * as Address from "./Address.ts"
import * as ContactMethod from "./ContactMethod.ts"
import * as Country from "./Country.ts"

/** Identifier of a contact; temporary client records use negative ids. */
export const ContactId = Schema.Int.pipe(Schema.brand("ContactId"))
/** Identifier of a contact. */
export type ContactId = typeof ContactId.Type

/**
 * Whether a contact is a person (individual) or a company (organisation); the values match the routes
 * (`new-person`, `new-company`) and the People / Companies list filters.
 */
export const ContactType = Schema.Literals(["person", "company"])
/** Whether a contact is a person or a company. */
export type ContactType = typeof ContactType.Type

/** `archive_id` values of a contact, numbered as for items: archived contacts show an "Archived" sticker. */
export const ArchiveIds = { active: 1, archived: 2, deleted: 3 } as const

/** A contact row. `_name_company` is a company's own name, or the name of a person's company. */
export const Contact = Schema.Struct({
  contact_id: ContactId,
  type: ContactType,
  name_first: Schema.String,
  name_last: Schema.String,
  company_id: Schema.NullOr(ContactId),
  email: Schema.String,
  modified: Schema.Int,
  archive_id: Schema.Int,
  _name_company: Schema.optionalKey(Schema.String),
  _company_addon_id: Schema.optionalKey(Schema.Int),
  _company_found_id: Schema.optionalKey(Schema.String)
})
/** A contact row. */
export type Contact = typeof Contact.Type

/** Extra data shown on a contact: a link to the contact in a connected add-on. */
export const ContactMeta = Schema.Struct({
  lookup_url: Schema.String,
  lookup_addon_id: Schema.Int
})
/** Extra data shown on a contact. */
export type ContactMeta = typeof ContactMeta.Type

/** Whether a contact is archived (it still shows, with a sticker, but not in current lists). */
export const isArchived = (c: Pick<Contact, "archive_id">): boolean => c.archive_id === ArchiveIds.archived

const LOCAL = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*"
const DOMAIN = "(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}"
const EMAIL = new RegExp(`^${LOCAL}@${DOMAIN}$`)

/**
 * The email pattern: a dot-atom local part of at most 64 characters, "@", and a domain of dot-separated
 * labels ending in an alphabetic top-level label; at most 254 characters overall. Use wherever an address
 * is accepted (contact form, lookup, forgot-password links).
 */
export const isEmail = (text: string): boolean => {
  if (text.length > 254 || !EMAIL.test(text)) return false
  return text.indexOf("@") <= 64
}

/** First and last name joined, trimmed; empty when both are empty. */
export const fullName = (c: Pick<Contact, "name_first" | "name_last">): string =>
  [c.name_first.trim(), c.name_last.trim()].filter((s) => s !== "").join(" ")

/**
 * The name to show for a contact: a person's first plus last name, a company's name, falling back to the
 * other name and then the email; empty only when the contact has none of these.
 */
export const displayName = (
  c: Pick<Contact, "type" | "name_first" | "name_last" | "email"> & { readonly _name_company?: string }
): string => {
  const person = fullName(c)
  const company = c._name_company?.trim() ?? ""
  const first = c.type === "company" ? company || person : person || company
  return first || c.email.trim()
}

// ---------------------------------------------------------------------------------------------------------
// Free-text entry

/** What free text yields: each field empty when nothing was found for it. */
export interface Parsed {
  readonly email: string
  readonly name_first: string
  readonly name_last: string
  readonly company: string
  readonly address: Address.Fields
  /** Phones and websites found, typed by their labels ("Mob", "Fax", "Web"). */
  readonly methods: ReadonlyArray<ContactMethod.MethodValue>
  /** Lines recognised but with no field of their own (job titles, extra emails), so nothing silently vanishes. */
  readonly extra: ReadonlyArray<string>
}

const COMPANY_WORDS =
  /(^|[\s,(])(ltd|limited|inc|incorporated|llc|llp|plc|pty|gmbh|ag|sa|sas|sarl|bv|nv|co|corp|corporation|company|group|holdings|trust|partners|associates|studio|studios|agency|consulting|consultants|services|solutions|enterprises|industries|& sons|and sons)\.?($|[\s,)])/i
const TITLE_WORDS =
  /\b(manager|director|ceo|cfo|cto|coo|founder|co-founder|owner|officer|engineer|designer|consultant|assistant|coordinator|administrator|accountant|president|head of|lead|specialist|executive|supervisor|architect|developer|analyst|advisor|adviser)\b/i
const HONORIFIC = /^(mr|mrs|ms|miss|mx|dr|prof|sir|dame)\.?\s+/i
const LABEL =
  /^(email|e-mail|e|mail|name|contact|company|organisation|organization|business|address|web|website|www)\s*:\s*/i
const PHONE_LABEL =
  /^(phone|ph|tel|telephone|t|p|mobile|mob|cell|m|c|work|w|office|o|direct|dd|ddi|home|h|fax|f)\.?\s*[:.]?\s*(?=[+\d(])/i
const GENERIC_LOCAL =
  /^(info|admin|office|sales|accounts|hello|contact|enquiries|support|team|mail|billing|reception)$/i

const typeOfPhoneLabel = (label: string): ContactMethod.MethodType => {
  const l = label.toLowerCase()
  if (/^(mobile|mob|cell|m|c)$/.test(l)) return ContactMethod.Types.phone_mobile
  if (/^(work|w|office|o|direct|dd|ddi)$/.test(l)) return ContactMethod.Types.phone_work
  if (/^(home|h)$/.test(l)) return ContactMethod.Types.phone_home
  if (/^(fax|f)$/.test(l)) return ContactMethod.Types.fax
  return ContactMethod.Types.phone_primary
}

/** A phone line ("Mob: 021 555 0101", "+64 4 555 0100"): at least 7 digits and only phone characters. */
const readPhone = (line: string): Option.Option<ContactMethod.MethodValue> => {
  const label = PHONE_LABEL.exec(line)
  const value = (label ? line.slice(label[0].length) : line).trim()
  if (!/^[+(]?\d[\d\s()+\-.#/]*$/.test(value) || (value.match(/\d/g) ?? []).length < 7) return Option.none()
  const type = label ? typeOfPhoneLabel(label[1]!) : ContactMethod.Types.phone_primary
  return Option.some({ phoneOther: value, phoneOther_type: type })
}

/** A website line ("www.acme.co", "https://acme.co/about", "Web: acme.co"). */
const readWebsite = (line: string): Option.Option<ContactMethod.MethodValue> => {
  const value = line.replace(/^(web|website)\s*:\s*/i, "").trim()
  const looksLikeSite =
    /^(https?:\/\/|www\.)\S+$/i.test(value) || /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}(\/\S*)?$/i.test(value)
  if (!looksLikeSite) return Option.none()
  return Option.map(ContactMethod.websiteUrl(value), () => ({
    phoneOther: value,
    phoneOther_type: ContactMethod.Types.website
  }))
}

/** Whether a line reads as a person's name: 1 to 5 words of letters (with ' - .), no company word. */
const looksLikeName = (line: string): boolean => {
  const bare = line.replace(HONORIFIC, "")
  const words = bare.split(/\s+/).filter((w) => w !== "")
  return (
    words.length >= 1 &&
    words.length <= 5 &&
    bare.length <= 60 &&
    /^\p{L}[\p{L}'’.\- ]*(,\s*\p{L}[\p{L}'’.\- ]*)?$/u.test(bare) &&
    !COMPANY_WORDS.test(bare) &&
    !TITLE_WORDS.test(bare) &&
    Option.isNone(Country.fromName(bare))
  )
}

const looksLikeStreet = (line: string): boolean =>
  /^\d/.test(line) || /^(p\.?\s?o\.?\s?box|private bag|level|suite|unit|floor)\b/i.test(line)

/** Split a name into first and last: honorifics dropped, "Smith, Jane" understood, the rest is the last name. */
export const splitName = (text: string): { readonly name_first: string; readonly name_last: string } => {
  const bare = text.trim().replace(HONORIFIC, "")
  const comma = /^([^,]+),\s*(.+)$/.exec(bare)
  if (comma) return { name_first: comma[2]!.trim(), name_last: comma[1]!.trim() }
  const words = bare.split(/\s+/).filter((w) => w !== "")
  return { name_first: words[0] ?? "", name_last: words.slice(1).join(" ") }
}

const capitalise = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()

/** A name guessed from an email's local part ("jane.smith@" gives Jane Smith); `None` for one-word or generic ones. */
const nameFromEmail = (email: string): Option.Option<{ name_first: string; name_last: string }> => {
  const local = email.slice(0, email.indexOf("@"))
  const parts = local.split(/[._-]+/).filter((p) => p !== "")
  if (parts.length < 2 || parts.length > 3 || !parts.every((p) => /^\p{L}{2,}$/u.test(p))) return Option.none()
  if (GENERIC_LOCAL.test(parts[0]!)) return Option.none()
  return Option.some({ name_first: capitalise(parts[0]!), name_last: parts.slice(1).map(capitalise).join(" ") })
}

/** Every email-shaped token in a line, with the trimmings people paste around them (<>, mailto:, quotes). */
const emailsIn = (line: string): ReadonlyArray<string> =>
  line
    .split(/[\s<>()[\],;:"]+/)
    .map((token) => token.replace(/^mailto$/i, "").replace(/\.+$/, ""))
    .filter(isEmail)

const removeEmails = (line: string, emails: ReadonlyArray<string>): string => {
  let rest = line
  for (const email of emails) rest = rest.split(email).join(" ")
  return rest
    .replace(/mailto:/gi, " ")
    .replace(/<\s*>|\(\s*\)|\[\s*\]/g, " ")
    .replace(LABEL, "")
    .replace(/^[\s,;:|<>()[\]"'-]+|[\s,;:|<>()[\]"'-]+$/g, "")
    .replace(/\s+/g, " ")
}

/**
 * Read a contact out of pasted text (an email signature, a block copied from a letter or a spreadsheet row):
 *
 * - the first email address anywhere becomes the email (never lost: any email-shaped text is found);
 * - phone and website lines become methods, typed by their labels;
 * - the name is the first name-like line (or the name beside the email, as in "Jane Smith <jane@acme.co>"),
 *   else it is guessed from an email such as jane.smith@;
 * - the company is a line with a company word (Ltd, Inc, LLC, GmbH...), or a plain line between the name and
 *   the street;
 * - job-title lines and further emails go to `extra`; every other line is read as the address.
 */
export const parseFreeText = (text: string): Parsed => {
  let lines = text
    .split(/\r\n|\r|\n|\t|\s\|\s/)
    .map((line) => line.trim())
    .filter((line) => line !== "")
  // A single pasted line "Jane Smith, Acme Ltd, 12 High St, Wellington 6011" has its parts split by commas,
  // unless the whole line is a "Smith, Jane" name.
  if (lines.length === 1 && lines[0]!.includes(",")) {
    const only = removeEmails(lines[0]!, emailsIn(lines[0]!))
    if (!/^\p{L}+,\s*\p{L}+$/u.test(only)) lines = lines[0]!.split(",").map((l) => l.trim())
  }

  let email = ""
  const extra: Array<string> = []
  const rest: Array<string> = []
  for (const line of lines) {
    const found = emailsIn(line)
    if (found.length > 0) {
      if (email === "") email = found[0]!
      extra.push(...found.filter((f) => f !== email))
      const left = removeEmails(line, found)
      if (left !== "") rest.push(left)
    } else {
      rest.push(line)
    }
  }

  const methods: Array<ContactMethod.MethodValue> = []
  const placed: Array<{ line: string; role: "name" | "company" | "other" | "title" }> = []
  for (const raw of rest) {
    const phone = readPhone(raw)
    if (Option.isSome(phone)) {
      methods.push(phone.value)
      continue
    }
    const site = readWebsite(raw)
    if (Option.isSome(site)) {
      methods.push(site.value)
      continue
    }
    const label = LABEL.exec(raw)
    const line = raw.replace(LABEL, "")
    if (line === "") continue
    const kind = label?.[1]?.toLowerCase()
    if (kind === "name" || kind === "contact") placed.push({ line, role: "name" })
    else if (kind === "company" || kind === "organisation" || kind === "organization" || kind === "business")
      placed.push({ line, role: "company" })
    else if (TITLE_WORDS.test(line) && !/\d/.test(line) && !COMPANY_WORDS.test(line))
      placed.push({ line, role: "title" })
    else placed.push({ line, role: "other" })
  }

  // "Jane Smith, Acme Ltd" on one line: a name and a company.
  const expanded = placed.flatMap((p) => {
    const parts = p.line.split(/\s*,\s*/)
    if (p.role === "other" && parts.length === 2 && looksLikeName(parts[0]!) && COMPANY_WORDS.test(parts[1]!)) {
      return [
        { line: parts[0]!, role: "other" as const },
        { line: parts[1]!, role: "company" as const }
      ]
    }
    return [p]
  })

  let nameIndex = expanded.findIndex((p) => p.role === "name")
  if (nameIndex === -1) {
    // Names come before the address: only the first three lines up to the first street line are candidates.
    const firstStreet = expanded.findIndex((p) => p.role === "other" && looksLikeStreet(p.line))
    const candidates = expanded
      .slice(0, firstStreet === -1 ? 3 : Math.min(3, firstStreet))
      .map((p, i) => ({ ...p, i }))
      .filter((p) => p.role === "other")
    const named =
      candidates.find((p) => looksLikeName(p.line) && p.line.trim().split(/\s+/).length >= 2) ??
      candidates.find((p) => looksLikeName(p.line))
    nameIndex = named?.i ?? -1
  }

  let companyIndex = expanded.findIndex((p) => p.role === "company")
  if (companyIndex === -1) {
    companyIndex = expanded.findIndex(
      (p, i) => i !== nameIndex && p.role === "other" && COMPANY_WORDS.test(p.line) && !looksLikeStreet(p.line)
    )
  }
  if (companyIndex === -1 && nameIndex !== -1) {
    // A plain line right after the name and right before a street line is the company: "Jane\nAcme\n12 High St".
    const next = expanded[nameIndex + 1]
    const after = expanded[nameIndex + 2]
    if (next?.role === "other" && !/\d/.test(next.line) && after !== undefined && looksLikeStreet(after.line)) {
      companyIndex = nameIndex + 1
    }
  }

  const name = nameIndex === -1 ? Option.none() : Option.some(splitName(expanded[nameIndex]!.line))
  const { name_first, name_last } = Option.getOrElse(
    Option.orElse(name, () => (email === "" ? Option.none() : nameFromEmail(email))),
    () => ({ name_first: "", name_last: "" })
  )
  const addressLines = expanded.filter((p, i) => i !== nameIndex && i !== companyIndex && p.role === "other")
  extra.push(...expanded.filter((p) => p.role === "title").map((p) => p.line))

  return {
    email,
    name_first,
    name_last,
    company: companyIndex === -1 ? "" : expanded[companyIndex]!.line,
    address: Address.fromLines(addressLines.map((p) => p.line)),
    methods,
    extra
  }
}
