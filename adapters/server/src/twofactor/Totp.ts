/**
 * TOTP codes (RFC 6238) with `otpauth`: fresh 160-bit secrets, the code of a step, and the QR an authenticator
 * app scans (an SVG data URL made with `qrcode`, the library of the phone signing QR). The window and reuse rules
 * are `TwoFactor.check` in the core; this only computes.
 *
 * @since 0.5.0
 */
import * as TwoFactor from "@quotekit/core/TwoFactor"
import { Effect } from "effect"
import { HOTP, Secret } from "otpauth"

/** A new random secret (20 bytes, as RFC 4226 recommends), in base32. */
export const newSecret = (): string => new Secret({ size: 20 }).base32

/** The code of a TOTP step for a base32 secret (the HOTP of the step number). */
export const codeAt = (secretBase32: string, step: number): string =>
  HOTP.generate({ secret: Secret.fromBase32(secretBase32), counter: step, digits: TwoFactor.DIGITS, algorithm: "SHA1" })

/** The code at a time (epoch ms), as an authenticator app would show it. */
export const codeAtTime = (secretBase32: string, ms: number): string => codeAt(secretBase32, TwoFactor.stepAt(ms))

/** The QR of an `otpauth://` address, as an SVG data URL. qrcode is loaded by the first call, not at start. */
export const qr = (uri: string) =>
  Effect.promise(() =>
    import("qrcode").then(({ default: QRCode }) =>
      QRCode.toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" })
    )
  ).pipe(Effect.map((svg) => `data:image/svg+xml;base64,${Buffer.from(svg, "utf8").toString("base64")}`))
