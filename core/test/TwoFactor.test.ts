import { assert, describe, it } from "@effect/vitest"
import * as TwoFactor from "@quotekit/core/TwoFactor"
import { Option } from "effect"
import fc from "fast-check"

// A stand-in for TOTP: a different 6-digit code per step (the rules do not depend on how codes are made).
const codeAt = (step: number): string => String((Math.imul(step, 2654435761) >>> 0) % 1_000_000).padStart(6, "0")
const STEP_MS = TwoFactor.PERIOD_SECONDS * 1000
const time = fc.integer({ min: 1_600_000_000_000, max: 2_100_000_000_000 })

describe("TwoFactor", () => {
  it("a code of the current step or one either side is accepted, with the step it belongs to", () =>
    fc.assert(
      fc.property(time, fc.integer({ min: -1, max: 1 }), (now, offset) => {
        const step = TwoFactor.stepAt(now) + offset
        const checked = TwoFactor.check({ code: codeAt(step), now, lastStep: null, codeAt })
        return checked._tag === "Accepted" && checked.step === step
      })
    ))

  it("a code two or more steps away is wrong", () =>
    fc.assert(
      fc.property(time, fc.integer({ min: 2, max: 1000 }), fc.boolean(), (now, distance, later) => {
        const step = TwoFactor.stepAt(now) + (later ? distance : -distance)
        const code = codeAt(step)
        // Skip the rare case where the stand-in gives a step in the window the same code.
        const window = [-1, 0, 1].map((d) => codeAt(TwoFactor.stepAt(now) + d))
        fc.pre(!window.includes(code))
        return TwoFactor.check({ code, now, lastStep: null, codeAt })._tag === "Wrong"
      })
    ))

  it("a code is never accepted twice: its step, or an earlier one, after acceptance is reused", () =>
    fc.assert(
      fc.property(time, fc.integer({ min: -1, max: 1 }), fc.integer({ min: 0, max: 2 }), (now, offset, later) => {
        const first = TwoFactor.check({ code: codeAt(TwoFactor.stepAt(now) + offset), now, lastStep: null, codeAt })
        if (first._tag !== "Accepted") return false
        // The same code again, at the same time or a little later while it is still in the window.
        const again = now + later * STEP_MS
        const checked = TwoFactor.check({ code: codeAt(first.step), now: again, lastStep: first.step, codeAt })
        const inWindow = Math.abs(first.step - TwoFactor.stepAt(again)) <= TwoFactor.WINDOW
        return inWindow ? checked._tag === "Reused" : checked._tag === "Wrong"
      })
    ))

  it("after a code, the next step's code is still accepted (a code per 30 seconds)", () => {
    const now = 1_700_000_000_000
    const step = TwoFactor.stepAt(now)
    assert.deepStrictEqual(TwoFactor.check({ code: codeAt(step + 1), now: now + STEP_MS, lastStep: step, codeAt }), {
      _tag: "Accepted",
      step: step + 1
    })
  })

  it("normalises typed codes and recovery codes", () => {
    assert.deepStrictEqual(TwoFactor.normalizeCode(" 123 456 "), Option.some("123456"))
    assert.deepStrictEqual(TwoFactor.normalizeCode("123-456"), Option.some("123456"))
    for (const bad of ["12345", "1234567", "abcdef", ""]) assert.isTrue(Option.isNone(TwoFactor.normalizeCode(bad)))
    assert.deepStrictEqual(TwoFactor.normalizeRecoveryCode("ABCDE FGHJK"), Option.some("abcde-fghjk"))
    assert.deepStrictEqual(TwoFactor.normalizeRecoveryCode("abcde-fghjk"), Option.some("abcde-fghjk"))
    // 0, 1, i, l and o are not in the alphabet.
    assert.isTrue(Option.isNone(TwoFactor.normalizeRecoveryCode("abcde-fghj1")))
    assert.isTrue(Option.isNone(TwoFactor.normalizeRecoveryCode("123456")))
  })

  it("every recovery code made from random numbers reads back as itself", () =>
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 10, maxLength: 10 }), (random) => {
        const code = TwoFactor.recoveryCodeFrom(random)
        return (
          /^[a-z2-9]{5}-[a-z2-9]{5}$/.test(code) && Option.getOrNull(TwoFactor.normalizeRecoveryCode(code)) === code
        )
      })
    ))

  it("failed codes: a few are free, then the wait doubles up to the cap, and old failures stop counting", () => {
    const now = 1_700_000_000_000
    assert.strictEqual(TwoFactor.waitSeconds([now - 1000, now - 500], now), 0)
    const three = [now - 3000, now - 2000, now]
    assert.strictEqual(TwoFactor.waitSeconds(three, now), 1)
    assert.strictEqual(TwoFactor.waitSeconds(three, now + 1000), 0)
    const many = Array.from({ length: 30 }, (_, i) => now - 30_000 + i * 1000)
    assert.strictEqual(TwoFactor.waitSeconds(many, many[29]!), TwoFactor.MAX_DELAY_SECONDS)
    const hourAgo = now - TwoFactor.FAILURE_WINDOW_SECONDS * 1000 - 1
    assert.strictEqual(TwoFactor.waitSeconds([hourAgo, hourAgo, hourAgo, hourAgo], now), 0)
  })

  it("the wait never decreases with more failures at the same moment", () =>
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), (n) => TwoFactor.delaySeconds(n + 1) >= TwoFactor.delaySeconds(n))
    ))

  it("the second step: a code unless the device is remembered; enrolment only when required and off", () => {
    const step = (enabled: boolean, rememberedDevice: boolean, requiredByAnAccount: boolean) =>
      TwoFactor.secondStep({ enabled, rememberedDevice, requiredByAnAccount })
    assert.strictEqual(step(false, false, false), "none")
    assert.strictEqual(step(false, false, true), "enrol")
    assert.strictEqual(step(true, false, false), "code")
    assert.strictEqual(step(true, false, true), "code")
    assert.strictEqual(step(true, true, true), "none")
  })

  it("the otpauth address names the issuer, the email and the RFC 6238 parameters", () => {
    assert.strictEqual(
      TwoFactor.otpauthUri("JBSWY3DPEHPK3PXP", "ada@example.com"),
      "otpauth://totp/quotekit:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=quotekit&algorithm=SHA1&digits=6&period=30"
    )
    assert.strictEqual(TwoFactor.groupSecret("JBSWY3DPEHPK3PXP"), "JBSW Y3DP EHPK 3PXP")
  })
})
