/**
 * The quote discussion against a test double of the contract (every endpoint not stubbed fails loudly): a
 * customer's question with Dismiss and the answer editor, @mention completion over the team inserting the handle
 * the core gives, the answer sent with its parent question and type, 'Not Sent' after leaving unsent text,
 * 'Really?' before discarding it, an empty answer refused with the core's message, and editing one's own entry.
 */
import type * as DiscussionApi from "@quotekit/core/api/DiscussionApi"
import * as Message from "@quotekit/core/Message"
import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react"
import { Effect } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { type ApiClient, ApiProvider, type Contract } from "../../src/api/client.ts"
import { QuoteDiscussion } from "../../src/discussion/QuoteDiscussion.tsx"
import { accountKey } from "../../src/session/useAccount.ts"
import { account } from "../support/draft.ts"

const m = Message.catalogue
afterEach(cleanup)

const now = Math.floor(Date.now() / 1000)
const comment = (over: Partial<DiscussionApi.TeamComment>): DiscussionApi.TeamComment => ({
  discuss_id: 1,
  discuss_type: 1,
  discuss_from: 0,
  discuss_body: "Can you do it in oak?",
  discuss_creation: now - 600,
  discuss_modified: now - 600,
  parent_question: 0,
  files: [],
  _author_first: "Sam",
  _author_last: "Taylor",
  _author_image: "",
  _mentionedIds: [],
  can_edit: false,
  ...over
})

const team = [
  {
    ...account.signins[0]!,
    signin_id: 10 as never,
    name_first: "Ada",
    name_last: "Lovelace",
    name_display: "Ada Lovelace"
  },
  {
    ...account.signins[0]!,
    signin_id: 11 as never,
    name_first: "Alan",
    name_last: "Turing",
    name_display: "Alan Turing"
  }
]

/** A contract double: the discussion group answers from `state`; any other endpoint throws. */
const double = (state: { comments: Array<DiscussionApi.TeamComment>; sent: Array<unknown> }) => {
  const discussion = {
    discussion: () =>
      Effect.sync(() => ({
        comments: [...state.comments],
        notes: [],
        notes_hidden: 0,
        _new_questions: 1,
        comments_closed: null,
        handles: []
      })),
    update: (req: unknown) =>
      Effect.sync(() => {
        state.sent.push(req)
        return comment({ discuss_id: 99, discuss_type: 10 })
      }),
    dismiss: () => Effect.die("dismiss not expected"),
    upload: () => Effect.die("upload not expected")
  }
  const contract = new Proxy({ discussion } as Record<string, unknown>, {
    get: (target, group: string) => {
      if (group in target) return target[group]
      throw new Error(`contract double: ${group} is not implemented`)
    }
  }) as unknown as Contract
  // Only `call` is used by the discussion; every other client method fails loudly.
  const api = new Proxy(
    {
      call: (use: (c: Contract) => Effect.Effect<unknown, unknown>) =>
        Effect.runPromise(use(contract) as Effect.Effect<never>)
    },
    {
      get: (target, name: string) => {
        if (name in target) return target[name as "call"]
        return () => {
          throw new Error(`client double: ${name} is not implemented`)
        }
      }
    }
  ) as unknown as ApiClient
  return api
}

const renderDiscussion = (state: { comments: Array<DiscussionApi.TeamComment>; sent: Array<unknown> }) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  queryClient.setQueryData(accountKey, { ...account, signins: team })
  return render(
    <ApiProvider value={double(state)}>
      <QueryClientProvider client={queryClient}>
        <QuoteDiscussion quoteId={42} />
      </QueryClientProvider>
    </ApiProvider>
  )
}

describe("QuoteDiscussion", () => {
  it("answers a question with an @mention picked from the team", async () => {
    const state = { comments: [comment({})], sent: [] as Array<unknown> }
    renderDiscussion(state)
    await screen.findByText("Can you do it in oak?")
    expect(screen.getByRole("button", { name: m.dismiss })).toBeTruthy()
    const answer = screen.getByRole("combobox", { name: m.answer }) as HTMLTextAreaElement
    fireEvent.focus(answer)
    fireEvent.change(answer, { target: { value: "Yes, @al", selectionStart: 8 } })
    const options = await screen.findAllByRole("option")
    expect(options.map((o) => o.textContent)).toEqual(["@Alan Alan Turing"])
    fireEvent.mouseDown(options[0]!)
    expect(answer.value).toBe("Yes, @Alan ")
    fireEvent.change(answer, { target: { value: "Yes, @Alan will check.", selectionStart: 22 } })
    fireEvent.click(screen.getAllByRole("button", { name: m.send })[0]!)
    await waitFor(() => expect(state.sent).toHaveLength(1))
    expect(state.sent[0]).toMatchObject({
      params: { quote_id: "42", discuss_id: "new", display_type: "1", encoded_quote_id: (42).toString(36) },
      payload: { comment: { discuss_type: 10, discuss_body: "Yes, @Alan will check.", parent_question: 1 }, files: [] }
    })
    await waitFor(() => expect(answer.value).toBe(""))
  })

  it("refuses an empty answer, warns 'Not Sent' after leaving text unsent, asks 'Really?' before discarding", async () => {
    const state = { comments: [comment({})], sent: [] as Array<unknown> }
    renderDiscussion(state)
    const answer = (await screen.findByRole("combobox", { name: m.answer })) as HTMLTextAreaElement
    fireEvent.click(screen.getAllByRole("button", { name: m.send })[0]!)
    await screen.findByText(m.commentEmpty("Answer"))
    expect(state.sent).toHaveLength(0)

    fireEvent.focus(answer)
    fireEvent.change(answer, { target: { value: "Half a thought" } })
    fireEvent.blur(answer)
    await screen.findByText(m.notSent)
    const cancel = screen.getAllByRole("button", { name: m.cancel })[0]!
    fireEvent.click(cancel)
    expect(cancel.textContent).toBe(m.really)
    expect(answer.value).toBe("Half a thought")
    fireEvent.click(cancel)
    expect(answer.value).toBe("")
    await act(async () => {})
    expect(screen.queryByText(m.notSent)).toBeNull()
  })

  it("offers Edit on one's own answer and saves it with the loaded modified time", async () => {
    const own = comment({
      discuss_id: 7,
      discuss_type: 10,
      parent_question: 1,
      discuss_from: 10,
      discuss_body: "Oak is fine",
      can_edit: true
    })
    const state = { comments: [comment({}), own], sent: [] as Array<unknown> }
    renderDiscussion(state)
    await screen.findByText("Oak is fine")
    fireEvent.click(screen.getByRole("button", { name: m.edit }))
    const box = screen.getByRole("combobox", { name: m.edit }) as HTMLTextAreaElement
    expect(box.value).toBe("Oak is fine")
    fireEvent.change(box, { target: { value: "Oak or ash is fine" } })
    fireEvent.click(screen.getByRole("button", { name: m.save }))
    await waitFor(() => expect(state.sent).toHaveLength(1))
    expect(state.sent[0]).toMatchObject({
      params: { discuss_id: "7" },
      payload: {
        comment: { discuss_type: 10, discuss_body: "Oak or ash is fine", parent_question: 1 },
        _modifiedIn: own.discuss_modified
      }
    })
  })
})
