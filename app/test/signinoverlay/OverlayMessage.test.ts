/** The overlay's messages to the framing page, where they go, and the full sign-in page it falls back to. */
import { describe, expect, it } from "vitest"
import * as OverlayMessage from "../../src/signinoverlay/OverlayMessage.ts"
import { fullSignInHref } from "../../src/signinoverlay/OverlayPage.tsx"

describe("OverlayMessage", () => {
  it("hide messages say why, and after a sign-in where to go", () => {
    expect(OverlayMessage.hide("close")).toEqual({ type: "qk-signin-overlay", action: "hide", reason: "close" })
    expect(OverlayMessage.hide("signedIn", "/dashboard")).toEqual({
      type: "qk-signin-overlay",
      action: "hide",
      reason: "signedIn",
      next: "/dashboard"
    })
  })

  it("recognises only its own messages", () => {
    expect(OverlayMessage.isOverlayMessage(OverlayMessage.hide("close"))).toBe(true)
    expect(OverlayMessage.isOverlayMessage(OverlayMessage.hide("signedIn", "/quotes"))).toBe(true)
    for (const other of [null, "hide", { type: "qk-signin-overlay" }, { type: "x", action: "hide", reason: "close" }])
      expect(OverlayMessage.isOverlayMessage(other)).toBe(false)
    expect(OverlayMessage.isOverlayMessage({ type: "qk-signin-overlay", action: "hide", reason: "other" })).toBe(false)
  })

  it("posts to the framing page's origin, else its own", () => {
    expect(OverlayMessage.parentOrigin("https://quotes.example.com/pricing?x=1", "https://app.example.com")).toBe(
      "https://quotes.example.com"
    )
    expect(OverlayMessage.parentOrigin("", "https://app.example.com")).toBe("https://app.example.com")
    expect(OverlayMessage.parentOrigin("not a url", "https://app.example.com")).toBe("https://app.example.com")
  })

  it("keeps the spec's timings", () => {
    expect(OverlayMessage.visibilityGraceMs).toBe(3_000)
    expect(OverlayMessage.geniusTimeoutMs).toBe(300_000)
  })

  it("outside a frame sends to the full sign-in page with the same redirect and email", () => {
    expect(fullSignInHref({})).toBe("/sign-in")
    expect(fullSignInHref({ redirect: "/quotes?tab=active", email: "a@b.co" })).toBe(
      "/sign-in?redirect=%2Fquotes%3Ftab%3Dactive&email=a%40b.co"
    )
  })
})
