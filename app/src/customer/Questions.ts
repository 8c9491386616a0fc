/**
 * Questions & Answers on the customer page: the questions asked and the team's answers and comments (never a
 * private note: the server does not send them), and the form to ask, closed with the spec's message on quotes
 * that take no questions. An empty question gets 'Your Question is empty?' before anything is posted.
 */
import type { PublicComment } from "@quotekit/core/api/CustomerApi"
import * as Markup from "@quotekit/core/Markup"
import * as Message from "@quotekit/core/Message"
import type { Data } from "./AcceptanceArea.ts"
import type { Calls } from "./Api.ts"
import { h, hint, when } from "./Dom.ts"

const entry = (c: typeof PublicComment.Encoded): HTMLLIElement => {
  const body = h("div")
  // Comment text goes through the core's markup renderer, which escapes everything it does not format.
  body.innerHTML = Markup.toHtml(c.discuss_body)
  const files = c.files.map((f) => h("a", { href: f.url }, f.name))
  return h(
    "li",
    { class: c.discuss_type >= 10 ? "qk-team" : "" },
    h("div", { class: "qk-meta" }, `${c.from_name} · ${when(c.discuss_creation)}`),
    body,
    ...files
  )
}

/** The Questions & Answers section. */
export const questions = (data: Data, calls: Calls): HTMLElement => {
  const list = h("ul", { class: "qk-comments" }, ...data.discussion.map(entry))
  const section = h(
    "section",
    { class: "qk-card", "aria-labelledby": "qk-qa-heading" },
    h("h2", { id: "qk-qa-heading" }, Message.questionsAndAnswers),
    list
  )
  if (data.comments_closed !== null) {
    section.append(h("p", { class: "qk-meta" }, data.comments_closed))
    return section
  }
  const text = h("textarea", { id: "qk-question", rows: 3 })
  const status = h("p", { class: "qk-hint", role: "alert" })
  const send = h("button", { type: "button", class: "qk-primary" }, Message.send)
  send.addEventListener("click", async () => {
    // `Discussion.hasContent` with no files: importing the Discussion module would bring its schemas (and the
    // page's script budget); the server checks again with `Discussion.validate`.
    if (text.value.trim() === "") return hint(status, Message.commentEmpty("Question"))
    send.disabled = true
    try {
      list.append(entry(await calls.ask(text.value)))
      text.value = ""
      hint(status, "")
    } catch (e) {
      hint(status, (e as Error).message)
    } finally {
      send.disabled = false
    }
  })
  section.append(
    h("label", { class: "qk-field", for: "qk-question" }, Message.askQuestion),
    text,
    status,
    h("div", { class: "qk-actions" }, send)
  )
  return section
}
