import { assert, describe, it } from "@effect/vitest"
import { Option, Result, Schema } from "effect"
import fc from "fast-check"
import * as ArchiveState from "../src/ArchiveState.ts"
import * as Message from "../src/Message.ts"
import * as QuoteAction from "../src/QuoteAction.ts"

const m = Message.catalogue
const NOW = 1_800_000_000
const DAY = 86_400

const ctxArb: fc.Arbitrary<QuoteAction.Context> = fc.record({
  isTemplate: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  isAdmin: fc.boolean(),
  hasUnsavedChanges: fc.boolean(),
  inQuoteView: fc.boolean(),
  hasBeenEmailed: fc.boolean(),
  followUpInProgress: fc.boolean(),
  readyInvoicesExist: fc.boolean(),
  addonConnected: fc.boolean(),
  deletedAtSeconds: fc.option(fc.integer({ min: NOW - 40 * DAY, max: NOW }), { nil: null }),
  nowSeconds: fc.constant(NOW)
})

/** Contexts that never block for reasons outside the state (the common case), so sequences make progress. */
const openCtxArb: fc.Arbitrary<QuoteAction.Context> = fc.record({
  isTemplate: fc.constant(false),
  isAdmin: fc.boolean(),
  hasUnsavedChanges: fc.boolean(),
  inQuoteView: fc.boolean(),
  hasBeenEmailed: fc.boolean(),
  followUpInProgress: fc.boolean(),
  readyInvoicesExist: fc.boolean(),
  addonConnected: fc.boolean(),
  deletedAtSeconds: fc.constant(NOW),
  nowSeconds: fc.constant(NOW)
})

const actionArb = fc.constantFrom(...QuoteAction.actions)
const initialArb = fc.constantFrom(...QuoteAction.validStates)

/**
 * A guided walk: at each step take one of the actions that succeed in that step's context (most random actions
 * fail, so a blind walk rarely gets far). Returns every state visited, the start included.
 */
const walk = (start: QuoteAction.QuoteState, steps: ReadonlyArray<readonly [number, QuoteAction.Context]>) => {
  const visited = [start]
  let s = start
  for (const [pick, c] of steps) {
    const possible = QuoteAction.actions.filter((a) => Result.isSuccess(QuoteAction.apply(a, s, c)))
    if (possible.length === 0) continue
    s = Result.getOrThrow(QuoteAction.apply(possible[pick % possible.length]!, s, c))
    visited.push(s)
  }
  return visited
}

const stepsArb = (ctx: fc.Arbitrary<QuoteAction.Context>, maxLength: number) =>
  fc.array(fc.tuple(fc.nat(), ctx), { maxLength })

/** States reachable from a valid state through a sequence of actions: they carry realistic undo points. */
const reachableArb = fc.tuple(initialArb, stepsArb(openCtxArb, 12)).map(([start, steps]) => walk(start, steps).at(-1)!)

const pair = (s: QuoteAction.QuoteState) => `${s.status}/${s.archive}`

const labels = (s: QuoteAction.QuoteState, c: QuoteAction.Context) => QuoteAction.offers(s, c).map((o) => o.label)

const offer = (s: QuoteAction.QuoteState, c: QuoteAction.Context, action: QuoteAction.UserAction) =>
  QuoteAction.offers(s, c).find((o) => o.action === action)

const applied = (a: QuoteAction.Action, s: QuoteAction.QuoteState, c: QuoteAction.Context) =>
  Result.getOrThrow(QuoteAction.apply(a, s, c))

const ctx = (o: Partial<Omit<QuoteAction.Context, "nowSeconds">> = {}) => QuoteAction.context(NOW, o)

describe("QuoteAction examples", () => {
  it("a draft in the editor offers Mark as Sent, Accept on behalf, copies and Delete", () => {
    const draft = QuoteAction.initial("draft")
    assert.deepStrictEqual(labels(draft, ctx({ isAdmin: true })), [
      "Mark as Sent",
      "Accept on behalf",
      "Waiting",
      "Copy to New Quote",
      "Copy to Template",
      "Delete"
    ])
    assert.strictEqual(Option.getOrThrow(offer(draft, ctx(), "deleteDraft")!.confirmation), "really")
  })

  it("Delete is not offered from the quote view", () => {
    const draft = QuoteAction.initial("draft")
    assert.isUndefined(offer(draft, ctx({ inQuoteView: true }), "deleteDraft"))
    const r = QuoteAction.apply("deleteDraft", draft, ctx({ inQuoteView: true }))
    assert.isTrue(Result.isFailure(r) && r.failure.reason === "inQuoteView")
  })

  it("Copy to Template is shown disabled for non-admins", () => {
    const o = offer(QuoteAction.initial("sent"), ctx(), "copyToTemplate")!
    assert.strictEqual(o.label, "Copy to Template")
    assert.strictEqual(o.disabledReason, m.adminOnly)
  })

  it("a sent, emailed quote offers Edit, Accept on behalf, Decline, Send Follow-up and Withdraw", () => {
    assert.deepStrictEqual(labels(QuoteAction.initial("sent"), ctx({ isAdmin: true, hasBeenEmailed: true })), [
      "Edit",
      "Accept on behalf",
      "Decline",
      "Send Follow-up",
      "Withdraw",
      "Waiting",
      "Copy to New Quote",
      "Copy to Template"
    ])
  })

  it("Send Follow-up is disabled with a reason: not emailed, in progress, expired", () => {
    const sent = QuoteAction.initial("sent")
    assert.strictEqual(offer(sent, ctx(), "sendFollowUp")!.disabledReason, m.followUpNotEmailed)
    assert.strictEqual(
      offer(sent, ctx({ hasBeenEmailed: true, followUpInProgress: true }), "sendFollowUp")!.disabledReason,
      m.followUpInProgress
    )
    const expired = QuoteAction.initial("expired")
    assert.strictEqual(offer(expired, ctx({ hasBeenEmailed: true }), "sendFollowUp")!.disabledReason, m.followUpExpired)
    assert.isNull(offer(sent, ctx({ hasBeenEmailed: true }), "sendFollowUp")!.disabledReason)
  })

  it("an expired quote offers Reset expiry, which returns it to sent", () => {
    const expired = QuoteAction.initial("expired", "waiting")
    assert.include(labels(expired, ctx()), "Reset expiry")
    assert.notInclude(labels(expired, ctx()), "Waiting")
    assert.strictEqual(pair(applied("resetExpiry", expired, ctx())), "sent/waiting")
  })

  it("Edit moves sent and expired quotes to sentEditing; Mark as Sent publishes the revision", () => {
    const editing = applied("edit", QuoteAction.initial("sent"), ctx())
    assert.strictEqual(editing.status, "sentEditing")
    assert.strictEqual(applied("edit", QuoteAction.initial("expired"), ctx()).status, "sentEditing")
    assert.strictEqual(applied("markSent", editing, ctx()).status, "sent")
    assert.isTrue(Result.isFailure(QuoteAction.apply("edit", QuoteAction.initial("accepted"), ctx())))
  })

  it("Decline also dismisses; Undo Declined restores the exact state, even an expired waiting one", () => {
    const start = QuoteAction.initial("expired", "waiting")
    const declined = applied("decline", start, ctx())
    assert.strictEqual(pair(declined), "declined/dismissed")
    assert.deepStrictEqual(labels(declined, ctx()), [
      "Undo Declined",
      "Dismissed",
      "Copy to New Quote",
      "Copy to Template"
    ])
    assert.isTrue(offer(declined, ctx(), "reactivate")!.checked)
    assert.strictEqual(pair(applied("undoDecline", declined, ctx())), "expired/waiting")
  })

  it("undos without an undo point go to the standard state", () => {
    assert.strictEqual(pair(applied("undoDecline", QuoteAction.initial("declined", "dismissed"), ctx())), "sent/active")
    assert.strictEqual(pair(applied("undoWithdraw", QuoteAction.initial("withdrawn", "waiting"), ctx())), "sent/active")
    assert.strictEqual(
      pair(applied("undoAcceptance", QuoteAction.initial("accepted", "complete"), ctx())),
      "sent/active"
    )
    assert.strictEqual(pair(applied("restoreToDraft", QuoteAction.initial("draft", "deleted"), ctx())), "draft/active")
    assert.strictEqual(
      pair(applied("reactivate", QuoteAction.initial("accepted", "complete"), ctx())),
      "accepted/active"
    )
  })

  it("Accept on behalf works on drafts, sent and expired quotes; its undo returns to where it came from", () => {
    for (const status of ["draft", "sent", "expired"] as const) {
      const accepted = applied("acceptOnBehalf", QuoteAction.initial(status), ctx())
      assert.strictEqual(accepted.status, "accepted")
      assert.strictEqual(applied("undoAcceptance", accepted, ctx()).status, status)
    }
    for (const status of ["sentEditing", "accepted", "declined", "withdrawn"] as const)
      assert.isTrue(Result.isFailure(QuoteAction.apply("acceptOnBehalf", QuoteAction.initial(status), ctx())))
  })

  it("Complete, or 'Complete & Invoice' when ready invoices exist and an add-on is connected", () => {
    const accepted = QuoteAction.initial("accepted")
    assert.strictEqual(offer(accepted, ctx(), "complete")!.label, "Complete")
    assert.strictEqual(offer(accepted, ctx({ readyInvoicesExist: true }), "complete")!.label, "Complete")
    assert.strictEqual(offer(accepted, ctx({ addonConnected: true }), "complete")!.label, "Complete")
    assert.strictEqual(
      offer(accepted, ctx({ readyInvoicesExist: true, addonConnected: true }), "complete")!.label,
      "Complete & Invoice"
    )
    assert.isFalse(offer(accepted, ctx(), "complete")!.checked)
    const complete = applied("complete", QuoteAction.initial("accepted", "waiting"), ctx())
    assert.strictEqual(pair(complete), "accepted/complete")
    assert.isUndefined(offer(complete, ctx(), "complete"))
    const toggle = offer(complete, ctx(), "reactivate")!
    assert.strictEqual(toggle.label, "Complete")
    assert.isTrue(toggle.checked)
    assert.strictEqual(pair(applied("reactivate", complete, ctx())), "accepted/waiting")
  })

  it("Dismiss is for declined quotes that were reactivated", () => {
    const reactivated = QuoteAction.initial("declined", "active")
    assert.strictEqual(offer(reactivated, ctx(), "dismiss")!.label, "Dismiss")
    assert.strictEqual(pair(applied("dismiss", reactivated, ctx())), "declined/dismissed")
    assert.isTrue(Result.isFailure(QuoteAction.apply("dismiss", QuoteAction.initial("sent"), ctx())))
  })

  it("Withdraw from sent, sentEditing and expired; Undo Withdrawn restores the status", () => {
    for (const status of ["sent", "sentEditing", "expired"] as const) {
      const w = applied("withdraw", QuoteAction.initial(status, "waiting"), ctx())
      assert.strictEqual(pair(w), "withdrawn/waiting")
      assert.deepStrictEqual(labels(w, ctx()), ["Undo Withdrawn", "Copy to New Quote", "Copy to Template"])
      assert.strictEqual(pair(applied("undoWithdraw", w, ctx())), `${status}/waiting`)
    }
    for (const status of ["draft", "accepted", "declined", "withdrawn"] as const)
      assert.isTrue(Result.isFailure(QuoteAction.apply("withdraw", QuoteAction.initial(status), ctx())))
  })

  it("a deleted draft offers only Restore to Draft, for 30 days", () => {
    const deleted = applied("deleteDraft", QuoteAction.initial("draft", "waiting"), ctx())
    assert.strictEqual(pair(deleted), "draft/deleted")
    assert.deepStrictEqual(labels(deleted, ctx({ isAdmin: true, deletedAtSeconds: NOW - 29 * DAY })), [
      "Restore to Draft"
    ])
    assert.deepStrictEqual(labels(deleted, ctx({ deletedAtSeconds: NOW - 30 * DAY })), [])
    const late = QuoteAction.apply("restoreToDraft", deleted, ctx({ deletedAtSeconds: NOW - 31 * DAY }))
    assert.isTrue(Result.isFailure(late) && late.failure.reason === "restoreWindowOver")
    assert.strictEqual(pair(applied("restoreToDraft", deleted, ctx({ deletedAtSeconds: NOW }))), "draft/waiting")
  })

  it("with unsaved changes actions ask to save; Copy to New Quote is disabled", () => {
    const dirty = ctx({ hasUnsavedChanges: true, isAdmin: true })
    const draft = QuoteAction.initial("draft")
    const text = (a: QuoteAction.UserAction) =>
      QuoteAction.confirmationText(Option.getOrThrow(offer(draft, dirty, a)!.confirmation))
    assert.strictEqual(text("markSent"), "Okay to Save?")
    assert.strictEqual(text("acceptOnBehalf"), "Okay to Save first?")
    assert.strictEqual(text("copyToTemplate"), "Okay to Save first?")
    assert.strictEqual(text("deleteDraft"), "Really?")
    assert.strictEqual(offer(draft, dirty, "copyToNewQuote")!.disabledReason, m.copyNeedsSave)
    assert.isTrue(Option.isNone(offer(draft, ctx(), "markSent")!.confirmation))
  })

  it("destructive actions confirm with 'Really?' when nothing is unsaved", () => {
    const accepted = QuoteAction.initial("accepted")
    assert.strictEqual(Option.getOrThrow(offer(accepted, ctx(), "undoAcceptance")!.confirmation), "really")
    assert.strictEqual(Option.getOrThrow(QuoteAction.confirmation("withdraw", ctx())), "really")
    assert.strictEqual(
      Option.getOrThrow(QuoteAction.confirmation("withdraw", ctx({ hasUnsavedChanges: true }))),
      "okayToSaveFirst"
    )
  })

  it("templates get no quote actions", () => {
    for (const s of QuoteAction.validStates)
      assert.deepStrictEqual(QuoteAction.offers(s, ctx({ isTemplate: true })), [])
    const r = QuoteAction.apply("send", QuoteAction.initial("draft"), ctx({ isTemplate: true }))
    assert.isTrue(Result.isFailure(r) && r.failure.reason === "template")
  })

  it("system events: sending, the customer accepting and expiry", () => {
    assert.strictEqual(applied("send", QuoteAction.initial("draft"), ctx()).status, "sent")
    assert.strictEqual(applied("send", QuoteAction.initial("sentEditing"), ctx()).status, "sent")
    assert.strictEqual(applied("expire", QuoteAction.initial("sent"), ctx()).status, "expired")
    const accepted = applied("customerAccept", QuoteAction.initial("sent", "waiting"), ctx())
    assert.strictEqual(pair(applied("undoAcceptance", accepted, ctx())), "sent/waiting")
    assert.isTrue(Result.isFailure(QuoteAction.apply("expire", QuoteAction.initial("accepted"), ctx())))
  })

  it("the spec's act-on routes map to actions and back", () => {
    const expected: Record<string, QuoteAction.UserAction> = {
      "revise-dodo": "edit",
      "expired-undo": "resetExpiry",
      "accept-undo": "undoAcceptance",
      "decline-undo": "undoDecline",
      "decline-dodo": "decline",
      "withdraw-undo": "undoWithdraw",
      "withdraw-dodo": "withdraw"
    }
    for (const [route, action] of Object.entries(expected)) {
      assert.strictEqual(Option.getOrThrow(QuoteAction.fromRoute(route)), action)
      assert.strictEqual(Option.getOrThrow(QuoteAction.toRoute(action)), route)
      assert.strictEqual(Schema.decodeUnknownSync(QuoteAction.RouteSchema)(route), route)
    }
    assert.isTrue(Option.isNone(QuoteAction.fromRoute("toString")))
    assert.isTrue(Option.isNone(QuoteAction.fromRoute("revise-undo")))
    assert.isTrue(Option.isNone(QuoteAction.toRoute("markSent")))
  })

  it("refusals carry the action, the reason and the text to show", () => {
    const r = QuoteAction.apply("undoDecline", QuoteAction.initial("sent"), ctx())
    assert.isTrue(Result.isFailure(r))
    if (Result.isFailure(r)) {
      assert.strictEqual(r.failure._tag, "ActionNotAvailable")
      assert.strictEqual(r.failure.action, "undoDecline")
      assert.strictEqual(r.failure.reason, "status")
      assert.strictEqual(r.failure.message, "Not available right now.")
    }
  })

  it("valid pairs: deleted only for drafts, complete only accepted, dismissed only declined", () => {
    assert.isFalse(QuoteAction.isValidPair("sent", "deleted"))
    assert.isFalse(QuoteAction.isValidPair("declined", "complete"))
    assert.isFalse(QuoteAction.isValidPair("accepted", "dismissed"))
    assert.isTrue(QuoteAction.isValidPair("accepted", "complete"))
    assert.strictEqual(QuoteAction.validStates.length, 17)
  })

  it("every undoable action succeeds from some valid state (the undo property below is not vacuous)", () => {
    for (const a of Object.keys(QuoteAction.undoneBy) as Array<QuoteAction.UndoableAction>)
      assert.isTrue(
        QuoteAction.validStates.some((s) => Result.isSuccess(QuoteAction.apply(a, s, ctx()))),
        `no state allows ${a}`
      )
  })
})

describe("QuoteAction exhaustively", () => {
  // The machine is small: explore every state reachable from every valid pair under a context that blocks nothing
  // (the context only gates actions, it never changes where they lead).
  const permissive = ctx({ isAdmin: true, hasBeenEmailed: true, deletedAtSeconds: NOW })
  const key = (s: QuoteAction.QuoteState) => JSON.stringify(s)
  const reachable = new Map<string, QuoteAction.QuoteState>()
  const queue = [...QuoteAction.validStates]
  while (queue.length > 0) {
    const s = queue.pop()!
    if (reachable.has(key(s))) continue
    reachable.set(key(s), s)
    for (const a of QuoteAction.actions) {
      const r = QuoteAction.apply(a, s, permissive)
      if (Result.isSuccess(r)) queue.push(r.success)
    }
  }
  const states = [...reachable.values()]

  it("every reachable state is valid, and every valid pair is reachable from a new draft", () => {
    assert.isAbove(states.length, QuoteAction.validStates.length)
    for (const s of states) assert.isTrue(QuoteAction.isValid(s), key(s))
    const fromDraft = new Set<string>()
    const todo = [QuoteAction.initial("draft")]
    while (todo.length > 0) {
      const s = todo.pop()!
      if (fromDraft.has(key(s))) continue
      fromDraft.add(key(s))
      for (const a of QuoteAction.actions) {
        const r = QuoteAction.apply(a, s, permissive)
        if (Result.isSuccess(r)) todo.push(r.success)
      }
    }
    const pairs = new Set([...fromDraft].map((k) => pair(JSON.parse(k))))
    assert.deepStrictEqual([...pairs].sort(), QuoteAction.validStates.map(pair).sort())
  })

  it("from every reachable state, every undoable action is undone exactly", () => {
    let checked = 0
    for (const s of states)
      for (const a of Object.keys(QuoteAction.undoneBy) as Array<QuoteAction.UndoableAction>) {
        const done = QuoteAction.apply(a, s, permissive)
        if (Result.isFailure(done)) continue
        checked++
        assert.strictEqual(
          pair(applied(QuoteAction.undoneBy[a], done.success, permissive)),
          pair(s),
          `${a} from ${key(s)}`
        )
      }
    assert.isAbove(checked, 60)
  })
})

describe("QuoteAction properties", () => {
  it("an undoable action's undo leads back to the original status and archive state", () =>
    fc.assert(
      fc.property(reachableArb, openCtxArb, (s, c) => {
        for (const a of Object.keys(QuoteAction.undoneBy) as Array<QuoteAction.UndoableAction>) {
          const done = QuoteAction.apply(a, s, c)
          if (Result.isFailure(done)) continue
          const undone = QuoteAction.apply(QuoteAction.undoneBy[a], done.success, c)
          if (Result.isFailure(undone)) return false
          if (pair(undone.success) !== pair(s)) return false
        }
        return true
      })
    ))

  it("an undo without its undo point still succeeds and lands on a valid state", () =>
    fc.assert(
      fc.property(reachableArb, openCtxArb, (s, c) => {
        for (const a of Object.keys(QuoteAction.undoneBy) as Array<QuoteAction.UndoableAction>) {
          const done = QuoteAction.apply(a, s, c)
          if (Result.isFailure(done)) continue
          const forgotten = { ...done.success, undo: null }
          const undone = QuoteAction.apply(QuoteAction.undoneBy[a], forgotten, c)
          if (Result.isFailure(undone) || !QuoteAction.isValid(undone.success)) return false
        }
        return true
      })
    ))

  it("the actions offered enabled are exactly those whose apply succeeds", () =>
    fc.assert(
      fc.property(reachableArb, ctxArb, (s, c) => {
        const os = QuoteAction.offers(s, c)
        const enabled = os.filter((o) => o.disabledReason === null).map((o) => o.action)
        const succeeding = QuoteAction.userActions.filter((a) => Result.isSuccess(QuoteAction.apply(a, s, c)))
        assert.deepStrictEqual(enabled, succeeding)
        for (const o of os.filter((o) => o.disabledReason !== null)) {
          const r = QuoteAction.apply(o.action, s, c)
          assert.isTrue(Result.isFailure(r) && r.failure.message === o.disabledReason)
        }
      })
    ))

  it("random action sequences never reach an invalid (status, archive) pair", () =>
    fc.assert(
      fc.property(initialArb, stepsArb(ctxArb, 60), (start, steps) => {
        for (const s of walk(start, steps)) {
          assert.isTrue(QuoteAction.isValid(s), pair(s))
          Schema.decodeUnknownSync(QuoteAction.QuoteState)(s)
        }
      })
    ))

  it("a refused action is refused for a reason and the state is untouched", () =>
    fc.assert(
      fc.property(reachableArb, ctxArb, actionArb, (s, c, a) => {
        const r = QuoteAction.apply(a, s, c)
        return Result.isSuccess(r) || (QuoteAction.reasons.includes(r.failure.reason) && r.failure.action === a)
      })
    ))

  it("actions that start a flow leave the quote's state as it is", () =>
    fc.assert(
      fc.property(
        reachableArb,
        ctxArb,
        fc.constantFrom("sendFollowUp", "copyToNewQuote", "copyToTemplate" as const),
        (s, c, a) => {
          const r = QuoteAction.apply(a, s, c)
          return Result.isFailure(r) || r.success === s
        }
      )
    ))

  it("the Active/Waiting choice is offered exactly when the dropdown shows", () =>
    fc.assert(
      fc.property(reachableArb, openCtxArb, (s, c) => {
        const offered = QuoteAction.offers(s, c).some((o) => o.action === "markWaiting" || o.action === "markActive")
        return (
          offered ===
          ArchiveState.showsActiveWaitingDropdown({ isTemplate: c.isTemplate, archive: s.archive, status: s.status })
        )
      })
    ))
})
