import * as Outcome from "@quotekit/core/Outcome"
import * as Signature from "@quotekit/core/Signature"
import type { Page } from "playwright-core"
import { afterAll, assert, beforeAll, describe, inject, it } from "vitest"
import { type Harness, seriousViolations, start } from "./browser.ts"

const BUNDLE = ["qk-signature-pad.bundle.js"]
let h: Harness

beforeAll(async () => {
  h = await start(inject("widgetsDist"))
  // A tiny SVG stands in for the server's QR image.
  h.route("/sign/qr/acc/42/x7", {
    type: "image/svg+xml",
    body: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'
  })
})
afterAll(() => h?.close())

/** Open a page with one pad, `width` CSS pixels wide, recording its events in `window.events`. */
const openPad = async (attributes = "", width?: number, viewport?: number, pixelRatio?: number): Promise<Page> => {
  const style = width === undefined ? "" : ` style="width: ${width}px"`
  const p = await h.open(`<qk-signature-pad${style} ${attributes}></qk-signature-pad>`, {
    bundles: BUNDLE,
    ...(viewport === undefined ? {} : { width: viewport }),
    ...(pixelRatio === undefined ? {} : { pixelRatio })
  })
  await p.waitForFunction(() => customElements.get("qk-signature-pad") !== undefined)
  await p.evaluate(async () => {
    const pad = document.querySelector("qk-signature-pad")!
    await pad.updateComplete
    const w = window as unknown as { events: Array<{ type: string; detail: unknown }> }
    w.events = []
    for (const type of ["qk-change", "qk-sign"]) {
      pad.addEventListener(type, (e) => w.events.push({ type, detail: (e as CustomEvent).detail }))
    }
  })
  return p
}

const events = (p: Page) =>
  p.evaluate(() => (window as unknown as { events: Array<{ type: string; detail: Record<string, unknown> }> }).events)

const value = (p: Page) => p.evaluate(() => document.querySelector("qk-signature-pad")!.value)

const decode = (data: string): Signature.Strokes => {
  const r = Signature.decode(data)
  if (Outcome.isFailure(r)) throw new Error(r.failure.message)
  return r.success
}

/** Dispatch a stroke of synthetic pointer events at CSS offsets from the canvas's top-left corner. */
const penStroke = (p: Page, points: ReadonlyArray<readonly [number, number]>, pointerType = "pen") =>
  p.evaluate(
    async ({ points, pointerType }) => {
      const canvas = document.querySelector("qk-signature-pad")!.shadowRoot!.querySelector("canvas")!
      const rect = canvas.getBoundingClientRect()
      const fire = (type: string, [x, y]: readonly [number, number]) =>
        canvas.dispatchEvent(
          new PointerEvent(type, {
            pointerId: 7,
            pointerType,
            isPrimary: true,
            button: 0,
            buttons: type === "pointerup" ? 0 : 1,
            clientX: rect.left + x,
            clientY: rect.top + y,
            bubbles: true,
            composed: true,
            cancelable: true
          })
        )
      fire("pointerdown", points[0]!)
      for (const point of points.slice(1)) {
        await new Promise((r) => setTimeout(r, 8))
        fire("pointermove", point)
      }
      fire("pointerup", points[points.length - 1]!)
    },
    { points, pointerType }
  )

/** Whether the canvas has any ink on it. */
const hasInk = (p: Page) =>
  p.evaluate(() => {
    const canvas = document.querySelector("qk-signature-pad")!.shadowRoot!.querySelector("canvas")!
    const data = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) return true
    return false
  })

const assertClose = (actual: Signature.Strokes, expected: ReadonlyArray<ReadonlyArray<readonly [number, number]>>) => {
  assert.strictEqual(actual.length, expected.length, "stroke count")
  expected.forEach((stroke, s) => {
    assert.strictEqual(actual[s]!.length, stroke.length, `points in stroke ${s}`)
    stroke.forEach(([x, y], i) => {
      const got = actual[s]![i]!
      assert.isAtMost(Math.abs(got.x - x), 1, `x of point ${i} of stroke ${s}: ${got.x} vs ${x}`)
      assert.isAtMost(Math.abs(got.y - y), 1, `y of point ${i} of stroke ${s}: ${got.y} vs ${y}`)
    })
  })
}

describe("<qk-signature-pad>", () => {
  it("a pen stroke and a tap encode as the core's hex, scaled to the 600 x 250 area, on a 2x screen", async () => {
    const p = await openPad("", 300, 800, 2)
    // the backing store follows the element's width and the pixel ratio (300 CSS px x 2)
    const size = await p.evaluate(() => {
      const c = document.querySelector("qk-signature-pad")!.shadowRoot!.querySelector("canvas")!
      return [devicePixelRatio, c.width, c.height]
    })
    assert.deepStrictEqual(size, [2, 600, 250])
    const drawn = [
      [10, 10],
      [30, 20],
      [60, 35],
      [100, 50],
      [140, 52.5],
      [200, 40]
    ] as const
    await penStroke(p, drawn)
    await penStroke(p, [[250, 100]], "touch")
    const strokes = decode(await value(p))
    // 300 CSS px map onto 600 units: every offset doubles
    assertClose(strokes, [drawn.map(([x, y]) => [x * 2, y * 2] as const), [[500, 200]]])
    for (let i = 1; i < strokes[0]!.length; i++) assert.isAtLeast(strokes[0]![i]!.time, strokes[0]![i - 1]!.time)
    assert.isTrue(await hasInk(p))
    const ev = await events(p)
    assert.deepStrictEqual(
      ev.map((e) => e.type),
      ["qk-change", "qk-sign", "qk-change", "qk-sign"]
    )
    assert.deepStrictEqual(ev[2]!.detail, { value: await value(p), method: "draw", isEmpty: false })
    await p.close()
  })

  it("mouse input draws too, and movements under 2 units are dropped as the core says", async () => {
    const p = await openPad("", 600)
    const box = (await p.locator("qk-signature-pad canvas").boundingBox())!
    await p.mouse.move(box.x + 100, box.y + 100)
    await p.mouse.down()
    await p.mouse.move(box.x + 101, box.y + 100) // 1 unit: below the minimum movement
    await p.mouse.move(box.x + 150, box.y + 120)
    await p.mouse.move(box.x + 220, box.y + 80)
    await p.mouse.up()
    assertClose(decode(await value(p)), [
      [
        [100, 100],
        [150, 120],
        [220, 80]
      ]
    ])
    await p.close()
  })

  it("Undo removes the last stroke, Clear removes them all; both report the change", async () => {
    const p = await openPad("", 600)
    await penStroke(p, [
      [20, 20],
      [80, 40]
    ])
    const first = await value(p)
    await penStroke(p, [
      [300, 100],
      [360, 150]
    ])
    assert.strictEqual(decode(await value(p)).length, 2)
    await p.getByRole("button", { name: "Undo" }).click()
    assert.strictEqual(await value(p), first)
    await penStroke(p, [[400, 200]])
    await p.getByRole("button", { name: "Clear" }).click()
    assert.strictEqual(await value(p), "")
    assert.isTrue(await p.evaluate(() => document.querySelector("qk-signature-pad")!.isEmpty))
    assert.isFalse(await hasInk(p))
    assert.isTrue(await p.getByRole("button", { name: "Undo" }).isDisabled())
    const changes = (await events(p)).filter((e) => e.type === "qk-change").map((e) => e.detail)
    assert.deepStrictEqual(changes.at(-1), { value: "", method: "draw", isEmpty: true })
    assert.strictEqual(changes.length, 5)
    await p.close()
  })

  it("typing a name gives the core's typed signature, shown in a script face", async () => {
    const p = await openPad('name="Ada"')
    await p.getByRole("tab", { name: "Type" }).click()
    const field = p.getByRole("textbox", { name: "Type your full name" })
    assert.strictEqual(await field.inputValue(), "Ada")
    assert.strictEqual(await value(p), "typed:Ada")
    await field.fill("  Ada   Lovelace ")
    await field.press("Enter")
    const expected = Signature.toWire(Outcome.getOrThrow(Signature.typed("Ada Lovelace")))
    assert.strictEqual(await value(p), expected)
    assert.strictEqual(await p.evaluate(() => document.querySelector("qk-signature-pad")!.name), "  Ada   Lovelace ")
    const typed = p.locator("qk-signature-pad .typed")
    assert.strictEqual(await typed.textContent(), "Ada Lovelace")
    assert.match(await typed.evaluate((e) => getComputedStyle(e).fontFamily), /cursive/)
    await field.fill("A")
    assert.strictEqual(await value(p), "", "one letter is not a signature")
    const ev = await events(p)
    assert.deepInclude(ev, { type: "qk-sign", detail: { value: expected, method: "text" } })
    assert.deepStrictEqual(ev.at(-1), { type: "qk-change", detail: { value: "", method: "text", isEmpty: true } })
    await p.close()
  })

  it("the method tabs are a tablist reached by keyboard, arrows moving the selection", async () => {
    const p = await openPad()
    const selected = () => p.locator("qk-signature-pad [role=tab][aria-selected=true]").textContent()
    const focused = () =>
      p.evaluate(() => document.querySelector("qk-signature-pad")!.shadowRoot!.activeElement?.textContent?.trim())
    await p.keyboard.press("Tab")
    assert.strictEqual(await focused(), "Draw")
    await p.keyboard.press("ArrowRight")
    assert.strictEqual((await selected())?.trim(), "Type")
    assert.strictEqual(await focused(), "Type")
    await p.keyboard.press("End")
    assert.strictEqual((await selected())?.trim(), "Sign from a touch device")
    await p.keyboard.press("ArrowRight")
    assert.strictEqual((await selected())?.trim(), "Draw", "wraps around")
    await p.keyboard.press("ArrowLeft")
    assert.strictEqual(await focused(), "Sign from a touch device")
    await p.keyboard.press("Home")
    assert.strictEqual(await focused(), "Draw")
    // one tab stop for the list, then into the panel
    await p.keyboard.press("End")
    await p.keyboard.press("ArrowLeft")
    await p.keyboard.press("Tab")
    assert.strictEqual(
      await p.evaluate(() => document.querySelector("qk-signature-pad")!.shadowRoot!.activeElement?.id),
      "name"
    )
    assert.strictEqual(await p.evaluate(() => document.querySelector("qk-signature-pad")!.method), "text")
    await p.close()
  })

  it("is usable 320 px wide: nothing overflows, the area keeps its shape and still draws", async () => {
    const p = await openPad("", undefined, 320)
    const sizes = await p.evaluate(() => {
      const pad = document.querySelector("qk-signature-pad")!
      const canvas = pad.shadowRoot!.querySelector("canvas")!.getBoundingClientRect()
      const buttons = [...pad.shadowRoot!.querySelectorAll("button")].map((b) => b.getBoundingClientRect().right)
      return {
        page: document.documentElement.scrollWidth,
        pad: pad.getBoundingClientRect().width,
        canvasWidth: canvas.width,
        canvasHeight: canvas.height,
        rightmost: Math.max(...buttons)
      }
    })
    assert.isAtMost(sizes.page, 320)
    assert.isAtMost(sizes.pad, 320)
    assert.isAtMost(sizes.rightmost, 320)
    assert.closeTo(sizes.canvasHeight, (sizes.canvasWidth * 250) / 600, 1)
    const k = 600 / sizes.canvasWidth
    await penStroke(p, [
      [10, 10],
      [100, 60]
    ])
    assertClose(decode(await value(p)), [
      [
        [10 * k, 10 * k],
        [100 * k, 60 * k]
      ]
    ])
    await p.close()
  })

  it("the touch-device method shows the room's QR image; a relayed drawing returns the method to draw", async () => {
    const p = await openPad('room="acc/42/x7"')
    await p.getByRole("tab", { name: "Sign from a touch device" }).click()
    const img = p.getByRole("img", { name: "QR code to sign from a touch device" })
    assert.strictEqual(await img.getAttribute("src"), "/sign/qr/acc/42/x7")
    assert.isTrue(await img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0))
    assert.strictEqual(await value(p), "")
    const relayed = Signature.encode([
      [
        { x: 100, y: 100, time: 0 },
        { x: 200, y: 120, time: 16 }
      ]
    ])
    assert.isFalse(await p.evaluate(() => document.querySelector("qk-signature-pad")!.receiveRemote("zz")))
    assert.isTrue(await p.evaluate((v) => document.querySelector("qk-signature-pad")!.receiveRemote(v), relayed))
    assert.strictEqual(await p.evaluate(() => document.querySelector("qk-signature-pad")!.method), "draw")
    assert.strictEqual(await value(p), relayed)
    assert.isTrue(await hasInk(p))
    assert.deepInclude(await events(p), { type: "qk-sign", detail: { value: relayed, method: "draw" } })
    await p.close()
  })

  it("methods limits what is offered: one method shows no tabs, two show two; a touch stroke draws", async () => {
    const p = await openPad('methods="draw" method="text" room="acc/42/x7"', 320)
    assert.strictEqual(await p.getByRole("tab").count(), 0)
    assert.strictEqual(await p.getByRole("tablist").count(), 0)
    assert.strictEqual(await p.evaluate(() => document.querySelector("qk-signature-pad")!.method), "text")
    // A method that is not offered gives way to the first offered: the drawing area, with Undo and Clear.
    assert.isTrue(
      await p.getByRole("img", { name: "Signature area, draw your signature with a finger, pen or mouse" }).isVisible()
    )
    assert.strictEqual(await p.getByRole("textbox").count(), 0)
    await penStroke(
      p,
      [
        [10, 10],
        [100, 60]
      ],
      "touch"
    )
    assert.strictEqual(decode(await value(p)).length, 1)
    assert.deepStrictEqual(
      (await events(p)).map((e) => [e.type, e.detail.method]),
      [
        ["qk-change", "draw"],
        ["qk-sign", "draw"]
      ]
    )
    await p.getByRole("button", { name: "Clear" }).click()
    assert.strictEqual(await value(p), "")
    assert.deepStrictEqual(await seriousViolations(p), [])
    await p.close()

    const two = await openPad('methods="draw text"')
    assert.deepStrictEqual(
      (await two.getByRole("tab").allTextContents()).map((t) => t.trim()),
      ["Draw", "Type"]
    )
    await two.getByRole("tab", { name: "Draw" }).focus()
    await two.keyboard.press("ArrowRight")
    await two.keyboard.press("ArrowRight")
    assert.strictEqual(
      await two.evaluate(() => document.querySelector("qk-signature-pad")!.method),
      "draw",
      "wraps within the two"
    )
    await two.close()
  })

  it("value restores a signature silently; readonly and disabled pads refuse changes", async () => {
    const data = Signature.encode([
      [
        { x: 50, y: 50, time: 0 },
        { x: 150, y: 90, time: 20 },
        { x: 250, y: 60, time: 40 }
      ]
    ])
    const p = await openPad(`value="${data}" readonly`, 600)
    assert.strictEqual(await value(p), data)
    assert.isTrue(await hasInk(p))
    await penStroke(p, [
      [300, 100],
      [400, 150]
    ])
    assert.strictEqual(await value(p), data, "readonly")
    await p.evaluate(() => {
      const pad = document.querySelector("qk-signature-pad")!
      pad.readonly = false
      pad.disabled = true
      pad.value = "typed:Grace Hopper"
    })
    assert.strictEqual(await value(p), "typed:Grace Hopper")
    assert.strictEqual(await p.evaluate(() => document.querySelector("qk-signature-pad")!.method), "text")
    assert.isTrue(await p.getByRole("textbox").isDisabled())
    assert.isTrue(await p.getByRole("tab", { name: "Draw" }).isDisabled())
    await p.evaluate(() => {
      document.querySelector("qk-signature-pad")!.value = "not hex"
    })
    assert.strictEqual(await value(p), "typed:Grace Hopper", "a value that does not decode is ignored")
    assert.deepStrictEqual(await events(p), [], "setting value fires no event")
    await p.close()
  })

  it("has no serious or critical accessibility violations in any method", async () => {
    const p = await openPad('name="Ada Lovelace" room="acc/42/x7"')
    for (const tab of ["Draw", "Type", "Sign from a touch device"]) {
      await p.getByRole("tab", { name: tab }).click()
      assert.deepStrictEqual(await seriousViolations(p), [], tab)
    }
    await p.close()
  })
})
