/**
 * The contact list (`/contacts`): People / Companies filters, search, current or archived, 'Load more' paging,
 * and merge mode (`?merge_loser={id}`): 'Select a winner of the merge', each row offering 'Confirm this will be
 * the Winner', then a Confirm Merge / Cancel dialog. Filters live in the address, so back and forward keep them.
 */
import * as Contact from "@quotekit/core/Contact"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { Link, useNavigate, useSearch } from "@tanstack/react-router"
import { AlertDialog } from "radix-ui"
import { useEffect, useState } from "react"
import { isFailure, useApi } from "../api/client.ts"
import { useMessages } from "../page/useMessages.ts"
import { usePageTitle } from "../page/usePageTitle.ts"
import dialog from "../shell/Dialog.module.css"
import { LoadFailure } from "../shell/LoadFailure.tsx"
import { LoadMoreFooter } from "../shell/LoadMoreFooter.tsx"
import page from "../shell/Page.module.css"
import controls from "../theme/Controls.module.css"
import styles from "./Records.module.css"
import { contactsKey, useContactsPage } from "./useContactsPage.ts"

/** How long typing pauses before the list searches. */
const SEARCH_DEBOUNCE_MS = 250

type ListSearch = {
  type?: string | undefined
  search?: string | undefined
  archive?: string | undefined
  merge_loser?: string | undefined
}

/** The contact list page. */
export const ContactListPage = () => {
  const m = useMessages()
  usePageTitle(m.contacts)
  const navigate = useNavigate()
  const search: ListSearch = useSearch({ strict: false })
  const type = Contact.ContactType.literals.find((t) => t === search.type)
  const archive = search.archive === "archived" ? "archived" : "current"
  const loser = search.merge_loser === undefined ? undefined : Number(search.merge_loser)
  const [text, setText] = useState(search.search ?? "")
  const list = useContactsPage({ type, search: search.search ?? "", archive })
  // Typing in the search replaces the address entry; changing a filter adds one, so back returns to it.
  const set = (patch: Partial<ListSearch>) =>
    void navigate({ to: "/contacts", search: { ...search, ...patch }, replace: "search" in patch })
  // Search once typing pauses, not on every keystroke.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the typed text is the trigger
  useEffect(() => {
    if (text === (search.search ?? "")) return
    const timer = window.setTimeout(() => set({ search: text === "" ? undefined : text }), SEARCH_DEBOUNCE_MS)
    return () => window.clearTimeout(timer)
  }, [text])
  const rows = list.data?.pages.flatMap((p) => p.rows) ?? []
  const total = list.data?.pages[0]?.total ?? null
  const filtered = (search.search ?? "") !== ""

  return (
    <div className={page.page}>
      <div className={page.header}>
        <h1 className={page.heading}>{m.contacts}</h1>
        <div className={styles.actions}>
          <Link to="/contacts/edit/$contactId" params={{ contactId: "new-person" }} className={controls.primary}>
            {m.newPerson}
          </Link>
          <Link to="/contacts/edit/$contactId" params={{ contactId: "new-company" }} className={controls.button}>
            {m.newCompany}
          </Link>
        </div>
      </div>
      {loser !== undefined && Number.isInteger(loser) && (
        <div className={styles.notice} role="status">
          <div className={styles.line}>
            <strong>{m.selectMergeWinner}</strong>
            <Link to="/contacts/view/$contactId" params={{ contactId: String(loser) }} className={controls.button}>
              {m.cancelMerge}
            </Link>
          </div>
        </div>
      )}
      <div className={styles.toolbar}>
        <input
          type="search"
          className={`${controls.input} ${styles.search}`}
          placeholder={m.contactSearchPlaceholder}
          aria-label={m.contactSearchPlaceholder}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <fieldset className={styles.filters} aria-label={m.contacts}>
          {([undefined, "person", "company"] as const).map((t) => (
            <button
              key={t ?? "all"}
              type="button"
              className={styles.filter}
              aria-pressed={type === t}
              onClick={() => set({ type: t })}
            >
              {t === undefined ? m.all : t === "person" ? m.people : m.companies}
            </button>
          ))}
        </fieldset>
        <fieldset className={styles.filters} aria-label={m.archived}>
          {(["current", "archived"] as const).map((a) => (
            <button
              key={a}
              type="button"
              className={styles.filter}
              aria-pressed={archive === a}
              onClick={() => set({ archive: a === "current" ? undefined : a })}
            >
              {a === "current" ? m.current : m.archived}
            </button>
          ))}
        </fieldset>
      </div>
      <section className={controls.card} aria-busy={list.isPending}>
        {list.isError && !isFailure(list.error, "signinAgain") ? (
          <LoadFailure error={list.error} onRetry={() => void list.refetch()} />
        ) : list.isPending ? (
          <p className={page.empty}>{m.loading}</p>
        ) : rows.length === 0 ? (
          <p className={page.empty}>{filtered ? m.noContactsMatch : m.noContacts}</p>
        ) : (
          <ul className={styles.rows}>
            {rows.map((r) => (
              <li key={r.contact_id} className={styles.row} aria-current={r.contact_id === loser}>
                <div className={styles.rowMain}>
                  <Link
                    to="/contacts/view/$contactId"
                    params={{ contactId: String(r.contact_id) }}
                    className={styles.rowTitle}
                  >
                    {r.display_name}
                  </Link>
                  <span className={styles.muted}>
                    {[r.type === "company" ? m.company : r._name_company, r.email].filter((s) => s !== "").join(" · ")}
                  </span>
                </div>
                {Contact.isArchived(r) && <span className={styles.sticker}>{m.archived}</span>}
                {loser !== undefined && r.contact_id !== loser && <MergeWinner loser={loser} winner={r} />}
              </li>
            ))}
          </ul>
        )}
        {rows.length > 0 && <LoadMoreFooter list={list} shown={rows.length} total={total} />}
      </section>
    </div>
  )
}

/** 'Confirm this will be the Winner' on a row in merge mode, with the Confirm Merge / Cancel dialog. */
const MergeWinner = ({
  loser,
  winner
}: {
  readonly loser: number
  readonly winner: { contact_id: Contact.ContactId; display_name: string }
}) => {
  const m = useMessages()
  const api = useApi()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const merge = useMutation({
    mutationFn: () =>
      api.call((c) =>
        c.contacts.merge({ payload: { loser_id: Contact.ContactId.make(loser), winner_id: winner.contact_id } })
      ),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: contactsKey })
      void navigate({ to: "/contacts/view/$contactId", params: { contactId: String(answer.winner_id) } })
    }
  })
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger className={controls.button}>{m.confirmMergeWinner}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialog.overlay} />
        <AlertDialog.Content className={dialog.content}>
          <AlertDialog.Title className={dialog.title}>{m.confirmMerge}</AlertDialog.Title>
          <AlertDialog.Description className={dialog.description}>
            {`${m.merge}: ${winner.display_name}`}
          </AlertDialog.Description>
          {merge.isError && (
            <p className={controls.hintError} role="alert">
              {merge.error.message}
            </p>
          )}
          <div className={dialog.actions}>
            <AlertDialog.Cancel className={controls.button}>{m.cancel}</AlertDialog.Cancel>
            <button
              type="button"
              className={controls.primary}
              disabled={merge.isPending}
              onClick={() => merge.mutate()}
            >
              {merge.isPending ? m.loading : m.confirmMerge}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
