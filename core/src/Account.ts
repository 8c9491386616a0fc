/**
 * Accounts and sign-ins: the ids that scope every record, and the rules a new sign-in's email, name and
 * password must meet. A sign-in (a person) belongs to one or more accounts (businesses) through memberships,
 * each with an admin flag.
 *
 * @example
 * import * as Account from "@quotekit/core/Account"
 * Account.normalizeEmail("  Ada@Example.COM ") // "ada@example.com"
 *
 * @since 0.1.0
 */
import { Schema, SchemaGetter } from "effect"
import * as Message from "./Message.ts"

/** Identifier of an account (a business); every tenant-owned row carries it. */
export const AccountId = Schema.Int.pipe(Schema.brand("AccountId"))
/** An `account_id`. */
export type AccountId = typeof AccountId.Type

/** Identifier of a sign-in (a person who signs in; a team member of one or more accounts). */
export const SigninId = Schema.Int.pipe(Schema.brand("SigninId"))
/** A `signin_id`. */
export type SigninId = typeof SigninId.Type

/** Shortest accepted password: long enough to resist guessing with the sign-in rate limit in place. */
export const PASSWORD_MIN = 8
/** Longest accepted password, so hashing cost stays bounded. */
export const PASSWORD_MAX = 200
/** Longest email address (RFC 5321 path limit). */
export const EMAIL_MAX = 254
/** Longest business or person name. */
export const NAME_MAX = 120

/** Emails compare case-insensitively and without surrounding spaces; store and look up this form. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase()

/** Whether a (normalised) email looks deliverable: one @, a dotted domain, no spaces. */
export const isEmail = (email: string): boolean =>
  email.length <= EMAIL_MAX && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email)

/**
 * An email address on the wire: trimmed and lower-cased on decode, refused with the catalogue's message
 * when it does not look like one.
 */
export const Email = Schema.String.pipe(
  Schema.decode({ decode: SchemaGetter.transform(normalizeEmail), encode: SchemaGetter.transform((s: string) => s) }),
  Schema.check(Schema.makeFilter((s: string) => isEmail(s) || Message.catalogue.emailInvalid))
)

/** A password on the wire: between `PASSWORD_MIN` and `PASSWORD_MAX` characters, taken as typed. */
export const Password = Schema.String.check(
  Schema.makeFilter((s: string) => s.length >= PASSWORD_MIN || Message.catalogue.passwordTooShort(PASSWORD_MIN)),
  Schema.makeFilter((s: string) => s.length <= PASSWORD_MAX || Message.catalogue.fieldTooLong("Password", PASSWORD_MAX))
)

/** A required name (business or person): trimmed, not empty, at most `NAME_MAX` characters. */
export const Name = (label: string) =>
  Schema.String.pipe(
    Schema.decode({
      decode: SchemaGetter.transform((s: string) => s.trim()),
      encode: SchemaGetter.transform((s: string) => s)
    }),
    Schema.check(
      Schema.makeFilter((s: string) => s.length > 0 || Message.catalogue.fieldRequired(label)),
      Schema.makeFilter((s: string) => s.length <= NAME_MAX || Message.catalogue.fieldTooLong(label, NAME_MAX))
    )
  )
