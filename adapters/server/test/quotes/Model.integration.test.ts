/**
 * Model-based test: random sequences of saves, status actions and expiries against the real server, checked at
 * every step against a model built on the core's status machine (`QuoteAction.apply`). The server must answer
 * an action exactly when the machine allows it (with the machine's reason otherwise), and end in the state the
 * machine says.
 */
import { assert } from "@effect/vitest"
import * as ArchiveState from "@quotekit/core/ArchiveState"
import * as QuoteAction from "@quotekit/core/QuoteAction"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect, Result } from "effect"
import { SqlClient } from "effect/sql"
import fc from "fast-check"
import { toStateAction } from "../../src/quotes/QuoteActions.ts"
import { type Answer, type Browser, layer, newAccount } from "../Harness.ts"
import { saveBody, saveNew } from "./Fixtures.ts"

/** What the model knows of the quote. */
interface Model {
  state: QuoteAction.QuoteState
  /** The expiry date has passed (a sent quote is then expired). */
  expiryPast: boolean
  title: string
}

/** The system under test: a signed-in browser and the quote. */
interface Real {
  readonly browser: Browser
  readonly signinId: number
  readonly quoteId: number
  readonly expire: (quoteId: number) => Promise<void>
}

const run = <A>(e: Effect.Effect<A>) => Effect.runPromise(e)

const ctx = () => QuoteAction.context(Math.floor(Date.now() / 1000), { isAdmin: true })

/** The model after the server's expiry rule: a sent quote past its expiry is expired. */
const settle = (m: Model): Model => {
  if (m.state.status !== "sent" || !m.expiryPast) return m
  const next = QuoteAction.apply("expire", m.state, ctx())
  return Result.isSuccess(next) ? { ...m, state: next.success } : m
}

const observed = async (r: Real) => {
  const o = await run(r.browser.get(`/get/quote-overview/${r.quoteId}`))
  return {
    status: o.body.quote.status as string,
    archive: o.body.quote.archive_id as number,
    seq: o.body._modifiedIn as number
  }
}

const expectState = async (m: Model, r: Real, label: string) => {
  const seen = await observed(r)
  assert.deepStrictEqual(
    [seen.status, seen.archive],
    [m.state.status, ArchiveState.toId(m.state.archive)],
    `${label}: server ${seen.status}/${seen.archive}, model ${m.state.status}/${m.state.archive}`
  )
}

/** Apply `action` to the model and compare with the server's answer. */
const checkAction = async (m: Model, r: Real, action: QuoteAction.UserAction, answer: Answer, label: string) => {
  const next = QuoteAction.apply(action, m.state, ctx())
  if (Result.isFailure(next)) {
    assert.strictEqual(
      answer.status,
      409,
      `${label}: the machine refuses (${next.failure.reason}), server ${answer.text}`
    )
    assert.strictEqual(answer.body._serveError.message, next.failure.message, label)
  } else if (action === "markSent" && m.expiryPast) {
    assert.strictEqual(answer.status, 400, `${label}: expiry in the past, server ${answer.text}`)
  } else {
    assert.strictEqual(answer.status, 200, `${label}: the machine allows it, server ${answer.text}`)
    m.state = next.success
    if (action === "resetExpiry") m.expiryPast = false
    Object.assign(m, settle(m))
  }
  await expectState(m, r, label)
}

class ActionCommand implements fc.AsyncCommand<Model, Real> {
  readonly action: QuoteAction.UserAction
  readonly request: (r: Real) => Effect.Effect<Answer>
  constructor(action: QuoteAction.UserAction, request: (r: Real) => Effect.Effect<Answer>) {
    this.action = action
    this.request = request
  }
  check = () => true
  async run(m: Model, r: Real) {
    await checkAction(m, r, this.action, await run(this.request(r)), this.toString())
  }
  toString = () => `action(${this.action})`
}

class ToStateCommand implements fc.AsyncCommand<Model, Real> {
  readonly target: "active" | "waiting" | "complete" | "dismissed"
  constructor(target: "active" | "waiting" | "complete" | "dismissed") {
    this.target = target
  }
  check = () => true
  async run(m: Model, r: Real) {
    const answer = await run(r.browser.post(`/post/quote-archive/to-state/${r.quoteId}/${this.target}`))
    await checkAction(m, r, toStateAction(this.target, m.state.archive), answer, this.toString())
  }
  toString = () => `toState(${this.target})`
}

/** A save with a new title and expiry (none, already past, or a month ahead). */
class SaveCommand implements fc.AsyncCommand<Model, Real> {
  readonly title: string
  readonly expiry: "none" | "past" | "future"
  constructor(title: string, expiry: "none" | "past" | "future") {
    this.title = title
    this.expiry = expiry
  }
  check = () => true
  async run(m: Model, r: Real) {
    const { seq } = await observed(r)
    const now = Math.floor(Date.now() / 1000)
    const expiry_date = this.expiry === "none" ? 0 : this.expiry === "past" ? now - 3600 : now + 30 * 86400
    const answer = await run(
      r.browser.post(
        `/post/quote-update/edit/${r.quoteId}/is-editing`,
        saveBody(r.signinId, { quote: { title: this.title, expiry_date }, modifiedIn: seq })
      )
    )
    const editable = (m.state.status === "draft" || m.state.status === "sentEditing") && m.state.archive !== "deleted"
    if (!editable) assert.strictEqual(answer.status, 409, `${this}: not editable in ${m.state.status}, ${answer.text}`)
    else if (this.expiry === "past")
      assert.strictEqual(answer.status, 400, `${this}: expiry in the past, ${answer.text}`)
    else {
      assert.strictEqual(answer.status, 200, `${this}: ${answer.text}`)
      m.title = this.title
      // The save replaced the expiry.
      m.expiryPast = false
    }
    await expectState(m, r, this.toString())
  }
  toString = () => `save(${JSON.stringify(this.title)}, expiry ${this.expiry})`
}

class ExpireCommand implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>) => m.state.status === "sent" && !m.expiryPast
  async run(m: Model, r: Real) {
    await r.expire(r.quoteId)
    m.expiryPast = true
    Object.assign(m, settle(m))
    await expectState(m, r, "expire")
  }
  toString = () => "expire"
}

const routes = Object.entries(QuoteAction.routes) as Array<[QuoteAction.Route, QuoteAction.UserAction]>

// Each action is its own arbitrary (fc.commands picks arbitraries uniformly), and sending and expiring weigh
// double, so the deeper states (expired, accepted, undone) are reached often.
const markSent = fc.constant(
  new ActionCommand("markSent", (r) => r.browser.post("/post/quote-mark-sent", { quote_id: r.quoteId }))
)
const commands = [
  ...routes.map(([route, action]) =>
    fc.constant(new ActionCommand(action, (r) => r.browser.post(`/act-on/quote-action/${route}/${r.quoteId}`)))
  ),
  markSent,
  markSent,
  fc.constant(new ExpireCommand()),
  fc.constant(new ActionCommand("deleteDraft", (r) => r.browser.post(`/post/quote-delete-draft/${r.quoteId}`))),
  fc.constant(new ActionCommand("restoreToDraft", (r) => r.browser.post(`/post/quote-restore-draft/${r.quoteId}`))),
  fc.constant(new ActionCommand("acceptOnBehalf", (r) => r.browser.post(`/post/quote-accept-on-behalf/${r.quoteId}`))),
  fc.constantFrom("active", "waiting", "complete", "dismissed" as const).map((t) => new ToStateCommand(t)),
  fc
    .tuple(fc.string({ maxLength: 20 }), fc.constantFrom("none" as const, "past" as const, "future" as const))
    .map(([t, e]) => new SaveCommand(t, e)),
  fc.constant(new ExpireCommand())
]

describeBackends(
  "quotes against the status machine (model-based)",
  (it) => {
    it.effect("the server and the core's status machine agree on every random sequence", () =>
      Effect.gen(function* () {
        const { browser: b, signinId } = yield* newAccount("Model")
        const sql = yield* SqlClient.SqlClient
        const expire = (quoteId: number) =>
          run(
            sql`UPDATE quotes SET expiry_date = now() - interval '1 minute' WHERE quote_id = ${quoteId}`.pipe(
              Effect.asVoid,
              Effect.orDie
            )
          )
        yield* Effect.promise(() =>
          fc.assert(
            fc.asyncProperty(fc.commands(commands, { maxCommands: 40, size: "max" }), async (cmds) => {
              const saved = await run(saveNew(b, signinId))
              const setup = () => ({
                model: { state: QuoteAction.initial("draft"), expiryPast: false, title: "Kitchen" } satisfies Model,
                real: { browser: b, signinId, quoteId: saved.quote_id, expire } satisfies Real
              })
              await fc.asyncModelRun(setup, cmds)
            }),
            { numRuns: 40 }
          )
        )
      })
    )
  },
  { layer: layer() }
)
