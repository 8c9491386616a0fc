/**
 * Shared accounts (spec: the shared account link): a parent account shares its templates and reusable items with
 * child accounts. The parent's admin makes a link code; the child's admin enters it; either side's admin stops
 * the link. This module holds the link's states, the code's shape and lifetime, and the messages people see.
 *
 * @example
 * import * as SharedAccount from "@quotekit/core/SharedAccount"
 * SharedAccount.normalizeCode(" qk-abcd efgh-jkmn ") // "ABCDEFGHJKMN"
 *
 * @since 0.5.0
 */
import { Schema } from "effect"

/** A link's relationship_status: waiting for its code, sharing, or ended. */
export const RelationshipStatus = Schema.Literals(["pending", "active", "stopped"])
/** A link's relationship_status. */
export type RelationshipStatus = typeof RelationshipStatus.Type

/** Which side of a link the viewing account is on. */
export const Side = Schema.Literals(["parent", "child"])
/** Which side of a link the viewing account is on. */
export type Side = typeof Side.Type

/** A link code lives 24 hours: long enough to pass to the other account's admin, short enough not to linger. */
export const CODE_LIFETIME_SECONDS = 24 * 60 * 60

/** The code's alphabet: Crockford's base 32 (no I, L, O or U), so it can be read out and typed without doubt. */
export const CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

/** Characters of a code (60 random bits). */
export const CODE_LENGTH = 12

/** A code as typed: spaces, dashes and case ignored, and the `QK` start optional; the bare characters. */
export const normalizeCode = (typed: string): string => {
  const bare = typed.toUpperCase().replace(/[\s-]/g, "")
  return bare.startsWith("QK") && bare.length === CODE_LENGTH + 2 ? bare.slice(2) : bare
}

/** Whether a normalized code has the right length and alphabet (checked before any look-up). */
export const isWellFormedCode = (bare: string): boolean =>
  bare.length === CODE_LENGTH && [...bare].every((c) => CODE_ALPHABET.includes(c))

/** A code shown to people: `QK-ABCD-EFGH-JKMN`. */
export const formatCode = (bare: string): string => `QK-${bare.slice(0, 4)}-${bare.slice(4, 8)}-${bare.slice(8, 12)}`

/** The code typed into the link form. */
export const CodeInput = Schema.String.check(Schema.isMaxLength(40))

/** Messages of shared accounts. */
export const messages = {
  codeNotFound: "That link code isn't right, or it has expired. Ask the other account's admin for a new one.",
  ownCode: "That link code is from this account. Enter it in the account that will use the shared content.",
  alreadyLinked: "This account already uses shared content from another account. Stop that link first.",
  cycle: "These accounts can't be linked both ways: the other account already uses content shared from this one.",
  linkNotFound: "Could not find that shared account link?",
  notActive: "That link has already been stopped.",
  sharedTemplateLocked: "This template is shared from another account, so it can't be changed here.",
  sharedItemLocked: "This item is shared from another account, so it can't be changed here."
} as const
