/**
 * Two-factor sign-in (add-on 15): time-based one-time codes (TOTP, RFC 6238: 6 digits, 30-second steps, SHA-1,
 * as every authenticator app reads them), one-time recovery codes, remembered devices and the account's rule that
 * every member uses it. The rules are written once here; the server computes codes with a TOTP library and keeps
 * secrets, the app shows the texts.
 *
 * - A code is accepted for the current step and one step either side (clocks drift), and never twice: the last
 *   accepted step is kept, and a code of that step or an earlier one is refused (`check`).
 * - Failed codes slow the next attempt down, doubling after a few free ones (`waitSeconds`), as passwords do.
 * - A recovery code is 10 characters of a 32-letter alphabet, shown as `xxxxx-xxxxx`, read in any case, with or
 *   without the dash or spaces (`normalizeRecoveryCode`).
 *
 * @example
 * import * as TwoFactor from "@quotekit/core/TwoFactor"
 * TwoFactor.check({ code: "123456", now: Date.now(), lastStep: null, codeAt: (step) => totp(step) })
 *
 * @since 0.5.0
 */
import { Option, Schema } from "effect"

/** Seconds of one TOTP step. */
export const PERIOD_SECONDS = 30
/** Digits of a code. */
export const DIGITS = 6
/** Steps accepted either side of the current one. */
export const WINDOW = 1
/** The recovery codes made at a time. */
export const RECOVERY_CODE_COUNT = 10
/** Days a remembered device skips the code. */
export const REMEMBER_DAYS = 30
/** Seconds a remembered device skips the code. */
export const REMEMBER_SECONDS = REMEMBER_DAYS * 24 * 60 * 60
/** Seconds the second step of a sign-in stays open after the password was right. */
export const CHALLENGE_SECONDS = 10 * 60
/** Failed codes before any delay. */
export const FREE_FAILURES = 3
/** The longest delay between code attempts, in seconds. */
export const MAX_DELAY_SECONDS = 15 * 60
/** How far back failed codes count, in seconds. */
export const FAILURE_WINDOW_SECONDS = 60 * 60
/** The issuer authenticator apps show beside the email. */
export const ISSUER = "quotekit"
/** The alphabet of recovery codes (no 0/o, 1/l/i, so they read aloud and copy without mistakes). */
export const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"

/** The TOTP step a time (epoch ms) falls in. */
export const stepAt = (ms: number): number => Math.floor(ms / 1000 / PERIOD_SECONDS)

/** A typed code with spaces and dashes removed; none unless it is exactly 6 digits. */
export const normalizeCode = (input: string): Option.Option<string> => {
  const digits = input.replace(/[\s-]/g, "")
  return /^[0-9]{6}$/.test(digits) ? Option.some(digits) : Option.none()
}

/** A typed recovery code in its stored form (`xxxxx-xxxxx`, lower case); none when it cannot be one. */
export const normalizeRecoveryCode = (input: string): Option.Option<string> => {
  const letters = input.toLowerCase().replace(/[\s-]/g, "")
  if (letters.length !== 10 || [...letters].some((c) => !RECOVERY_ALPHABET.includes(c))) return Option.none()
  return Option.some(`${letters.slice(0, 5)}-${letters.slice(5)}`)
}

/** A recovery code from 10 random numbers (each taken modulo the alphabet; the server passes random bytes). */
export const recoveryCodeFrom = (random: ReadonlyArray<number>): string => {
  const letters = random
    .slice(0, 10)
    .map((n) => RECOVERY_ALPHABET[Math.abs(Math.trunc(n)) % RECOVERY_ALPHABET.length])
    .join("")
  return `${letters.slice(0, 5)}-${letters.slice(5)}`
}

/** What checking a code found: accepted (with its step, to keep), used before, or wrong. */
export type Checked =
  | { readonly _tag: "Accepted"; readonly step: number }
  | { readonly _tag: "Reused" }
  | { readonly _tag: "Wrong" }

/**
 * Check a 6-digit code at `now` (epoch ms) against the codes of the steps in the window (`codeAt(step)`), given
 * the last step accepted before (null when none). The newest matching step decides, so a code typed a moment
 * before its step ended is still accepted once.
 */
export const check = (input: {
  readonly code: string
  readonly now: number
  readonly lastStep: number | null
  readonly codeAt: (step: number) => string
}): Checked => {
  const current = stepAt(input.now)
  let matched: number | undefined
  for (let step = current + WINDOW; step >= current - WINDOW; step--) {
    if (input.codeAt(step) === input.code) {
      matched = step
      break
    }
  }
  if (matched === undefined) return { _tag: "Wrong" }
  if (input.lastStep !== null && matched <= input.lastStep) return { _tag: "Reused" }
  return { _tag: "Accepted", step: matched }
}

/** The delay owed after `failures` failed codes, in seconds: 0 for the first few, then 1, 2, 4... up to the cap. */
export const delaySeconds = (failures: number): number =>
  failures < FREE_FAILURES ? 0 : Math.min(2 ** (failures - FREE_FAILURES), MAX_DELAY_SECONDS)

/**
 * The seconds a code attempt at `now` must still wait, given the times (ms, oldest first) of the sign-in's
 * failed codes within `FAILURE_WINDOW_SECONDS`; 0 when it may go ahead.
 */
export const waitSeconds = (failures: ReadonlyArray<number>, now: number): number => {
  const recent = failures.filter((t) => t > now - FAILURE_WINDOW_SECONDS * 1000)
  if (recent.length < FREE_FAILURES) return 0
  const last = recent[recent.length - 1] ?? now
  const remaining = last + delaySeconds(recent.length) * 1000 - now
  return remaining > 0 ? Math.ceil(remaining / 1000) : 0
}

/**
 * What a sign-in needs after its password: nothing, a code (two-factor is on and this device is not remembered),
 * or enrolment (an account of theirs requires two-factor and they have none).
 */
export type SecondStep = "none" | "code" | "enrol"

/** The second step for a sign-in. */
export const secondStep = (input: {
  readonly enabled: boolean
  readonly rememberedDevice: boolean
  readonly requiredByAnAccount: boolean
}): SecondStep =>
  input.enabled ? (input.rememberedDevice ? "none" : "code") : input.requiredByAnAccount ? "enrol" : "none"

/** The `otpauth://` address an authenticator app reads from the QR (RFC 6238 parameters spelt out). */
export const otpauthUri = (secretBase32: string, email: string): string =>
  `otpauth://totp/${encodeURIComponent(ISSUER)}:${encodeURIComponent(email)}?secret=${secretBase32}` +
  `&issuer=${encodeURIComponent(ISSUER)}&algorithm=SHA1&digits=${DIGITS}&period=${PERIOD_SECONDS}`

/** A secret grouped in fours for typing into an app by hand. */
export const groupSecret = (secretBase32: string): string => secretBase32.replace(/(.{4})(?=.)/g, "$1 ")

/** Audit log actions of two-factor sign-in. */
export const audit = {
  enrolled: "twofactor.enrolled",
  codeOk: "twofactor.code-ok",
  codeFailed: "twofactor.code-failed",
  recoveryUsed: "twofactor.recovery-used",
  recoveryRegenerated: "twofactor.recovery-regenerated",
  deviceRemembered: "twofactor.device-remembered",
  disabled: "twofactor.disabled",
  requiredOn: "twofactor.required-on",
  requiredOff: "twofactor.required-off"
} as const

/** The sign-in answer when a second step is needed: which one. No session exists yet. */
export const Challenge = Schema.Struct({
  two_factor: Schema.Literals(["code", "enrol"]),
  email: Schema.String
})
/** The second step of a sign-in. */
export type Challenge = typeof Challenge.Type

/** Whether a sign-in answer asks for a second step. */
export const isChallenge = (answer: object): answer is Challenge => "two_factor" in answer

/** Every text of two-factor sign-in (server answers and the screens). */
export const text = {
  title: "Two-factor sign-in",
  off: "Two-factor sign-in is off.",
  on: "Two-factor sign-in is on.",
  onSince: (date: string) => `Two-factor sign-in is on since ${date}.`,
  explain:
    "Besides your password, sign-in asks for a 6-digit code from an authenticator app on your phone " +
    "(Google Authenticator, Microsoft Authenticator, 1Password, Authy...).",
  turnOn: "Turn on two-factor",
  turnOff: "Turn off two-factor",
  scan: "Scan this QR code with your authenticator app.",
  qrAlt: "QR code for your authenticator app",
  manual: "Or type this key into the app:",
  secretLabel: "Key",
  confirmHint: "Then enter the 6-digit code the app shows to finish.",
  code: "Code",
  codeOrRecovery: "Code or recovery code",
  codeHint: "Enter the 6-digit code from your authenticator app, or one of your recovery codes.",
  verify: "Verify",
  confirm: "Turn on",
  cancel: "Cancel",
  remember: `Remember this device for ${REMEMBER_DAYS} days`,
  recoveryTitle: "Your recovery codes",
  recoveryWarning:
    "Keep these codes somewhere safe. Each one signs you in once if you lose your phone. " + "They are shown only now.",
  recoveryLeft: (n: number) => (n === 1 ? "1 recovery code left." : `${n} recovery codes left.`),
  recoveryDone: "I have saved these codes",
  copyCodes: "Copy codes",
  regenerate: "New recovery codes",
  regenerateHint: "New codes replace the old ones, which stop working.",
  password: "Password",
  passwordToConfirm: "Your password, to confirm",
  enrolNeeded: "Your account requires two-factor sign-in. Set it up now to continue.",
  codeWrong: "That code is not right. Check your phone's clock and try again.",
  codeReused: "That code was used already. Wait for the next one.",
  codeMalformed: "Enter the 6-digit code, or a recovery code.",
  challengeExpired: "This sign-in has expired. Sign in again.",
  alreadyOn: "Two-factor sign-in is already on.",
  notEnrolling: "Start setting up two-factor again.",
  passwordWrong: "That password is not right.",
  requiredCannotTurnOff: (account: string) =>
    `${account} requires two-factor sign-in for every member, so it cannot be turned off.`,
  requiredTitle: "Require two-factor sign-in",
  requiredHint:
    "Every member must sign in with a code from an authenticator app. Members without it are asked to set it up " +
    "at their next sign-in, and are signed out now.",
  requiredOn: "Two-factor sign-in is required for every member.",
  requiredOff: "Two-factor sign-in is up to each member.",
  requiredNeedsYours: "Turn on two-factor sign-in for yourself (Personal Settings) before requiring it of everyone.",
  accountRequires: (account: string) =>
    `${account} requires two-factor sign-in. Turn it on in Personal Settings, then choose the account again.`,
  membersWithout: (n: number) =>
    n === 0
      ? "Every member uses two-factor."
      : n === 1
        ? "1 member has not turned it on."
        : `${n} members have not turned it on.`
} as const
