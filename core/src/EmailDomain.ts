/**
 * The custom email domain (add-on 10): an account sends its emails from its own address, optionally through its
 * own SMTP relay, signed with a DKIM key made for its domain. This module holds the rules the server and the
 * settings page share: what a valid sender address, relay host and port are, the DNS records to publish (SPF,
 * DKIM, DMARC) as text, how the TXT records found in DNS are judged, and which sender an email gets.
 *
 * The domain counts as verified once its DKIM record is published with the key the server made: that proves
 * the account controls the domain, and a DKIM signature aligned with the From address is enough for DMARC to
 * pass. Until then an email goes out from the server's own address, under the account's sender name, with
 * replies going to the account's address (`senderFor`). SPF and DMARC are checked and shown, and advised.
 *
 * @example
 * import * as EmailDomain from "@quotekit/core/EmailDomain"
 * EmailDomain.dkimName("qk202611a3f9", "acme.com") // "qk202611a3f9._domainkey.acme.com"
 * EmailDomain.spfMechanism("smtp.sendgrid.net") // "include:sendgrid.net"
 * EmailDomain.checkDkim([["v=DKIM1; k=rsa; p=MIIB…"]], "MIIB…").state // "verified"
 *
 * @since 0.6.0
 */
import { Schema } from "effect"

/** Longest sender name. */
export const SENDER_NAME_MAX = 100
/** Longest email address (RFC 5321's path limit less the brackets). */
export const EMAIL_MAX = 254
/** Longest host name (RFC 1035). */
export const HOST_MAX = 253
/** Longest relay user name. */
export const USERNAME_MAX = 254
/** Longest relay password. */
export const PASSWORD_MAX = 500

/**
 * How the connection to the relay is secured: `starttls` (port 587, upgraded; required), `tls` (port 465,
 * TLS from the first byte) or `none` (plain, for a relay on the same private network only).
 */
export const Security = Schema.Literals(["starttls", "tls", "none"])
/** A relay's connection security. */
export type Security = typeof Security.Type

/** The port each kind of security usually listens on (what the form proposes). */
export const defaultPort: Readonly<Record<Security, number>> = { starttls: 587, tls: 465, none: 25 }

/** The DNS records the page lists, in its order. */
export const RecordKind = Schema.Literals(["spf", "dkim", "dmarc"])
/** A record kind. */
export type RecordKind = typeof RecordKind.Type

/**
 * What the last look-up found for a record: `verified` (published as asked), `different` (a record is there
 * but not the one asked for: its text says what to change), `not-found`, or `unchecked` (never looked up, or
 * the look-up failed: DNS did not answer).
 */
export const RecordState = Schema.Literals(["verified", "different", "not-found", "unchecked"])
/** A record's state. */
export type RecordState = typeof RecordState.Type

/** The texts the page and the server use. */
export const messages = {
  adminOnly: "Only an admin can change the account's email domain.",
  senderNameRequired: "Enter the name your emails come from.",
  senderNameTooLong: `Keep the sender name to ${SENDER_NAME_MAX} characters.`,
  senderEmailInvalid: "Enter the email address your emails come from, like quotes@yourcompany.com.",
  relayHostInvalid: "Enter the mail server's host name, like smtp.yourprovider.com.",
  relayHostPrivate:
    "That mail server is on this server's own network, which it may not reach. Enter your provider's public host name.",
  relayPortInvalid: "Enter a port between 1 and 65535 (usually 587, or 465 for TLS).",
  relayUsernameTooLong: `Keep the user name to ${USERNAME_MAX} characters.`,
  relayPasswordTooLong: `Keep the password to ${PASSWORD_MAX} characters.`,
  relayPasswordRequired: "Enter the mail server's password (a user name needs one).",
  notSetUp: "Set up the sender address first.",
  secretKeyMissing:
    "Saving a mail server password needs the server's encryption key: set QUOTEKIT_SECRET_KEY (at least 32 characters) and restart the server.",
  keyUnreadable:
    "The saved password or signing key cannot be read with the server's current encryption key. Enter the password again and save, or remove the email domain and set it up again.",
  testSent: (to: string) => `A test email was sent to ${to}.`,
  testFailed: (answer: string) => `The mail server did not take the test email: ${answer}`,
  verifiedSender: (from: string) => `Emails go out from ${from}.`,
  unverifiedSender: (serverFrom: string, replyTo: string) =>
    `Until the domain is verified, emails go out from ${serverFrom} with replies going to ${replyTo}.`,
  dnsUnavailable: "DNS did not answer; try again in a moment."
} as const

/** Whether `host` is a host name or an IPv4 address a relay can have (no scheme, port or path). */
export const isHostName = (host: string): boolean => {
  if (host.length === 0 || host.length > HOST_MAX) return false
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return host.split(".").every((n) => Number(n) <= 255)
  const labels = host.replace(/\.$/, "").split(".")
  return labels.every((l) => /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i.test(l)) && !/^\d+$/.test(labels.at(-1) ?? "")
}

/** Whether `domain` is a public domain name a sender address can use (at least two labels, a letter TLD). */
export const isDomain = (domain: string): boolean =>
  domain.includes(".") && isHostName(domain) && /^[a-z]{2,63}$/i.test(domain.split(".").at(-1) ?? "")

/** Whether `email` is an address on a public domain (`quotes@acme.com`): one `@`, a simple local part. */
export const isEmailAddress = (email: string): boolean => {
  if (email.length > EMAIL_MAX) return false
  const at = email.lastIndexOf("@")
  if (at <= 0 || at > 64) return false
  const local = email.slice(0, at)
  return /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/i.test(local) && isDomain(email.slice(at + 1))
}

/** The domain of an address, lower case (`Quotes@Acme.COM` -> `acme.com`). */
export const domainOf = (email: string): string => email.slice(email.lastIndexOf("@") + 1).toLowerCase()

/** Whether `port` is a TCP port. */
export const isPort = (port: number): boolean => Number.isInteger(port) && port >= 1 && port <= 65535

/**
 * The DKIM selector for a key made on `date`, `tag` being a few random characters the caller draws (`qk`, the
 * year and month, the tag: `qk202611a3f9`): a new key never takes an old record's name, so the old record can
 * stay published while mail signed with it is still in transit.
 */
export const selectorFor = (date: Date, tag: string): string =>
  `qk${date.getUTCFullYear()}${String(date.getUTCMonth() + 1).padStart(2, "0")}${tag.toLowerCase()}`

/** Where a DKIM public key is published. */
export const dkimName = (selector: string, domain: string): string => `${selector}._domainkey.${domain}`

/** The DKIM record's text for an RSA public key (base64 of its DER SubjectPublicKeyInfo). */
export const dkimValue = (publicKey: string): string => `v=DKIM1; k=rsa; p=${publicKey}`

/** Where the DMARC policy is published. */
export const dmarcName = (domain: string): string => `_dmarc.${domain}`

/**
 * The DMARC record advised to start with: `p=none` only reports, so nothing is lost while SPF and DKIM are
 * being put right; tighten to `p=quarantine` once the reports show every sender passing.
 */
export const dmarcValue = "v=DMARC1; p=none; adkim=r; aspf=r"

/**
 * What the sender domain's SPF record should include for mail from `relayHost`: the include a well-known
 * provider documents, an `ip4:` for an address, else `a:<host>` (the relay's own address).
 */
export const spfMechanism = (relayHost: string): string => {
  const host = relayHost.toLowerCase().replace(/\.$/, "")
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return `ip4:${host}`
  const known = providers.find((p) => p.hosts.test(host))
  return known === undefined ? `a:${host}` : `include:${known.include}`
}

/** Relays whose operators publish an SPF include for their customers. */
const providers: ReadonlyArray<{ readonly hosts: RegExp; readonly include: string }> = [
  { hosts: /(^|\.)gmail\.com$|(^|\.)google(mail)?\.com$/, include: "_spf.google.com" },
  { hosts: /(^|\.)office365\.com$|(^|\.)outlook\.com$/, include: "spf.protection.outlook.com" },
  { hosts: /(^|\.)sendgrid\.net$/, include: "sendgrid.net" },
  { hosts: /(^|\.)amazonaws\.com$/, include: "amazonses.com" },
  { hosts: /(^|\.)mailgun\.org$/, include: "mailgun.org" },
  { hosts: /(^|\.)postmarkapp\.com$/, include: "spf.mtasv.net" },
  { hosts: /(^|\.)(brevo|sendinblue)\.com$/, include: "spf.brevo.com" },
  { hosts: /(^|\.)mailjet\.com$/, include: "spf.mailjet.com" },
  { hosts: /(^|\.)zoho\.com$/, include: "zoho.com" },
  { hosts: /(^|\.)zoho\.eu$/, include: "zoho.eu" },
  { hosts: /(^|\.)fastmail\.com$/, include: "spf.messagingengine.com" }
]

/** The one-string text of a TXT record (DNS splits long ones into strings of 255 bytes at most). */
const joined = (record: ReadonlyArray<string>): string => record.join("")

/** The SPF record to publish: the existing one with `mechanism` added before its `all`, or a new one. */
export const spfValue = (existing: string | null, mechanism: string): string => {
  if (existing === null) return `v=spf1 ${mechanism} ~all`
  const terms = existing.trim().split(/\s+/)
  if (terms.some((t) => t.toLowerCase() === mechanism.toLowerCase())) return terms.join(" ")
  const all = terms.findIndex((t) => /^[+~?-]?all$/i.test(t) || /^redirect=/i.test(t))
  const at = all === -1 ? terms.length : all
  return [...terms.slice(0, at), mechanism, ...terms.slice(at)].join(" ")
}

/** A record's judged state and the text found in DNS (null when none). */
export interface Checked {
  readonly state: RecordState
  readonly found: string | null
}

/**
 * Judge the SPF record among a domain's TXT records: verified when the one `v=spf1` record has `mechanism`
 * (or an `include:` of the same domain in any case); different when it lacks it or there are several SPF
 * records (receivers then treat SPF as broken).
 */
export const checkSpf = (txt: ReadonlyArray<ReadonlyArray<string>>, mechanism: string): Checked => {
  const spf = txt.map(joined).filter((t) => /^v=spf1(\s|$)/i.test(t.trim()))
  const [first] = spf
  if (first === undefined) return { state: "not-found", found: null }
  if (spf.length > 1) return { state: "different", found: spf.join(" | ") }
  const has = first
    .trim()
    .split(/\s+/)
    .some((t) => t.replace(/^\+/, "").toLowerCase() === mechanism.toLowerCase())
  return { state: has ? "verified" : "different", found: first }
}

/** The `p=` of a DKIM record, whitespace removed (it may be split across strings and folded). */
const dkimKeyOf = (text: string): string | null => {
  const tag = text
    .split(";")
    .map((t) => t.trim())
    .find((t) => /^p\s*=/i.test(t))
  return tag === undefined ? null : tag.replace(/^p\s*=/i, "").replace(/\s+/g, "")
}

/** Judge the DKIM record at the selector's name: verified when it carries exactly `publicKey`. */
export const checkDkim = (txt: ReadonlyArray<ReadonlyArray<string>>, publicKey: string): Checked => {
  const records = txt.map(joined).filter((t) => /(^|;)\s*p\s*=/i.test(t))
  const [first] = records
  if (first === undefined) return { state: "not-found", found: null }
  const match = records.find((r) => dkimKeyOf(r) === publicKey)
  return match === undefined ? { state: "different", found: first } : { state: "verified", found: match }
}

/** Judge the DMARC record at `_dmarc.<domain>`: verified when one `v=DMARC1` policy is published. */
export const checkDmarc = (txt: ReadonlyArray<ReadonlyArray<string>>): Checked => {
  const records = txt.map(joined).filter((t) => /^v=DMARC1\s*(;|$)/i.test(t.trim()))
  const [first] = records
  if (first === undefined) return { state: "not-found", found: null }
  return records.length === 1 && /(^|;)\s*p\s*=\s*(none|quarantine|reject)\s*(;|$)/i.test(first)
    ? { state: "verified", found: first }
    : { state: "different", found: records.join(" | ") }
}

/** Whether the domain is verified: its DKIM record carries the key (see the module header). */
export const isVerified = (dkim: RecordState): boolean => dkim === "verified"

/** `Name <address>` with the name quoted as RFC 5322 needs when it has special characters. */
export const formatAddress = (name: string, address: string): string => {
  const clean = name.replace(/[\r\n]+/g, " ").trim()
  if (clean === "") return address
  return /^[a-z0-9 !#$%&'*+/=?^_`{|}~-]+$/i.test(clean)
    ? `${clean} <${address}>`
    : `"${clean.replace(/(["\\])/g, "\\$1")}" <${address}>`
}

/** The address inside `Name <address>` (or the whole text when it is a bare address). */
export const addressOf = (from: string): string => /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim()

/** What an email of the account is sent with. */
export interface Sender {
  readonly from: string
  readonly replyTo: string | null
}

/**
 * The sender of an account's email: its own address once its domain is verified; before that the server's
 * address under the account's sender name, with replies going to the account's address.
 */
export const senderFor = (s: {
  readonly verified: boolean
  readonly senderName: string
  readonly senderEmail: string
  /** The server's `SMTP_FROM`. */
  readonly serverFrom: string
}): Sender =>
  s.verified
    ? { from: formatAddress(s.senderName, s.senderEmail), replyTo: null }
    : { from: formatAddress(s.senderName, addressOf(s.serverFrom)), replyTo: s.senderEmail }
