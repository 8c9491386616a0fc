/**
 * The comment editor's unsent warning (spec: "'Not Sent' / 'Not Added' beside the send button when a dirty edit
 * is blurred"): 'Not Sent' for what goes to the customer, 'Not Added' for a private note; only after the box is
 * left with content; gone when the focus returns, when the text is sent or discarded, and when the last attached
 * file is removed; and no flash of it when pressing Send takes the focus.
 */
import * as Discussion from "@quotekit/core/Discussion"
import * as Message from "@quotekit/core/Message"
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { type AttachedFile, CommentEditor } from "../../src/discussion/CommentEditor.tsx"
import { BLUR_SETTLE_MS } from "../../src/discussion/commentEditorState.ts"

const m = Message.catalogue
afterEach(cleanup)

const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, BLUR_SETTLE_MS + 50)))

/** The editor with a send that records what it sent (answered by `answer`, else at once); no upload expected. */
const renderEditor = (
  type: Discussion.Type,
  options: { readonly answer?: () => Promise<unknown>; readonly initialFiles?: ReadonlyArray<AttachedFile> } = {}
) => {
  const sent: Array<string> = []
  render(
    <CommentEditor
      label="Entry"
      type={type}
      team={[]}
      sendLabel={m.send}
      initialFiles={options.initialFiles ?? []}
      onSend={(body) => {
        sent.push(body)
        return options.answer?.() ?? Promise.resolve()
      }}
      onUpload={() => Promise.reject(new Error("upload not expected"))}
    />
  )
  const box = screen.getByRole("combobox", { name: "Entry" }) as HTMLTextAreaElement
  return { box, sent }
}

const leaveWith = async (box: HTMLTextAreaElement, text: string) => {
  fireEvent.focus(box)
  fireEvent.change(box, { target: { value: text } })
  fireEvent.blur(box)
  await settle()
}

describe("CommentEditor unsent warning", () => {
  it("shows 'Not Sent' beside Send for an answer left unsent, and clears it when the focus returns", async () => {
    const { box } = renderEditor(Discussion.Type.signinAnswer)
    fireEvent.focus(box)
    fireEvent.change(box, { target: { value: "Half a thought" } })
    expect(screen.queryByText(m.notSent)).toBeNull()
    fireEvent.blur(box)
    await settle()
    const warning = screen.getByRole("status")
    expect(warning.textContent).toBe(m.notSent)
    expect(warning.previousElementSibling?.textContent).toBe(m.send)
    expect(screen.queryByText(m.notAdded)).toBeNull()

    fireEvent.focus(box)
    expect(screen.queryByRole("status")).toBeNull()
    fireEvent.blur(box)
    await settle()
    expect(screen.getByRole("status").textContent).toBe(m.notSent)
  })

  it("shows 'Not Added' for a private note", async () => {
    const { box } = renderEditor(Discussion.Type.signinPrivate)
    await leaveWith(box, "Ask the workshop")
    expect(screen.getByRole("status").textContent).toBe(m.notAdded)
    expect(screen.queryByText(m.notSent)).toBeNull()
  })

  it("shows nothing when the box is left empty", async () => {
    const { box } = renderEditor(Discussion.Type.signinComment)
    await leaveWith(box, "")
    expect(screen.queryByRole("status")).toBeNull()
  })

  it("does not flash while Send takes the focus, and clears once the text is sent", async () => {
    let answer!: () => void
    const { box, sent } = renderEditor(Discussion.Type.signinAnswer, {
      answer: () =>
        new Promise<void>((resolve) => {
          answer = resolve
        })
    })
    await leaveWith(box, "Oak is fine")
    expect(screen.getByRole("status").textContent).toBe(m.notSent)
    fireEvent.click(screen.getByRole("button", { name: m.send }))
    expect(sent).toEqual(["Oak is fine"])
    expect(screen.queryByRole("status")).toBeNull()
    await settle()
    expect(screen.queryByRole("status")).toBeNull()
    await act(async () => answer())
    await waitFor(() => expect(box.value).toBe(""))
    expect(screen.queryByRole("status")).toBeNull()
  })

  it("comes back as 'Not Sent' when the send fails, the text kept", async () => {
    const { box } = renderEditor(Discussion.Type.signinAnswer, { answer: () => Promise.reject(new Error("Offline")) })
    await leaveWith(box, "Oak is fine")
    fireEvent.click(screen.getByRole("button", { name: m.send }))
    await screen.findByText("Offline")
    expect(box.value).toBe("Oak is fine")
    expect(screen.getByRole("status").textContent).toBe(m.notSent)
  })

  it("clears when the text is discarded (after 'Really?')", async () => {
    const { box } = renderEditor(Discussion.Type.signinPrivate)
    await leaveWith(box, "Ask the workshop")
    const cancel = screen.getByRole("button", { name: m.cancel })
    fireEvent.click(cancel)
    expect(cancel.textContent).toBe(m.really)
    expect(screen.getByRole("status").textContent).toBe(m.notAdded)
    fireEvent.click(cancel)
    expect(box.value).toBe("")
    expect(screen.queryByRole("status")).toBeNull()
  })

  it("clears when the last attached file is removed, nothing being left to send", async () => {
    const file: AttachedFile = { file_id: 5, name: "plan.pdf", url: "/files/5" } as AttachedFile
    const { box } = renderEditor(Discussion.Type.signinComment, { initialFiles: [file] })
    await leaveWith(box, "")
    expect(screen.getByRole("status").textContent).toBe(m.notSent)
    fireEvent.click(screen.getByRole("button", { name: m.remove }))
    expect(screen.queryByRole("status")).toBeNull()
  })

  it("the @mention suggestions close on Escape and on leaving the box, and come back as typing goes on", async () => {
    const team = [{ signin_id: 7, name_first: "Alex", name_last: "Rivera", name_display: "Alex Rivera" }]
    render(
      <CommentEditor
        label="Note"
        type={Discussion.Type.signinPrivate}
        team={team}
        sendLabel={m.send}
        onSend={() => Promise.resolve()}
        onUpload={() => Promise.reject(new Error("upload not expected"))}
      />
    )
    const box = screen.getByRole("combobox", { name: "Note" }) as HTMLTextAreaElement
    const type = (text: string) => {
      fireEvent.focus(box)
      fireEvent.change(box, { target: { value: text, selectionStart: text.length } })
    }
    type("Ask @Al")
    expect(screen.getByRole("listbox")).toBeTruthy()
    expect(box.getAttribute("aria-expanded")).toBe("true")
    fireEvent.keyDown(box, { key: "Escape" })
    expect(screen.queryByRole("listbox")).toBeNull()
    expect(box.getAttribute("aria-expanded")).toBe("false")
    type("Ask @Ale")
    expect(screen.getByRole("listbox")).toBeTruthy()
    fireEvent.blur(box)
    expect(screen.queryByRole("listbox")).toBeNull()
  })
})
