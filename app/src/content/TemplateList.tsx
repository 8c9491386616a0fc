/**
 * The template list: search, Current / Archived / Deleted, 'Load more' paging, and on each row the controls the
 * server offers by the core's `ContentArchive` rules: the 'Default for New Quotes' and 'Archived' toggles,
 * 'Copy to New Template', Delete (after 'Are you sure?') and 'Restore Template'.
 */
import type * as TemplatesApi from "@quotekit/core/api/TemplatesApi"
import type * as ContentArchive from "@quotekit/core/ContentArchive"
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query"
import { Link } from "@tanstack/react-router"
import { AlertDialog } from "radix-ui"
import { useState } from "react"
import { useApi } from "../api/client.ts"
import styles from "../contacts/Records.module.css"
import { useMessages } from "../page/useMessages.ts"
import { accountKey } from "../session/useAccount.ts"
import { sharedAccountsText } from "../sharedaccounts/sharedAccountsText.ts"
import dialog from "../shell/Dialog.module.css"
import { PagedListCard } from "../shell/PagedListCard.tsx"
import controls from "../theme/Controls.module.css"
import { ArchiveFilter } from "./ArchiveFilter.tsx"

/** Every template query starts with this key. */
export const templatesKey = ["content", "templates"] as const

/** The template list. */
export const TemplateList = () => {
  const m = useMessages()
  const api = useApi()
  const [search, setSearch] = useState("")
  const [archive, setArchive] = useState<ContentArchive.ContentState>("current")
  const list = useInfiniteQuery({
    queryKey: [...templatesKey, archive, search],
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      api.call((c) =>
        c.templates.list({
          query: { archive, page: pageParam, getCount: "1", ...(search.trim() === "" ? {} : { search: search.trim() }) }
        })
      ),
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined)
  })
  const rows = list.data?.pages.flatMap((p) => p.rows) ?? []
  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <input
          type="search"
          className={`${controls.input} ${styles.search}`}
          placeholder={m.templateSearchPlaceholder}
          aria-label={m.templateSearchPlaceholder}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <ArchiveFilter value={archive} onChange={setArchive} />
        <Link
          to="/content/templates/$quoteId/$action"
          params={{ quoteId: "new", action: "is-editing" }}
          className={controls.primary}
        >
          {m.newTemplate}
        </Link>
      </div>
      <PagedListCard list={list} count={rows.length} empty={search.trim() !== "" ? m.noResults : m.noTemplates}>
        {rows.map((t) => (
          <TemplateRowView key={t.quote_id} row={t} />
        ))}
      </PagedListCard>
    </div>
  )
}

type Row = TemplatesApi.TemplatePage["rows"][number]

const TemplateRowView = ({ row }: { readonly row: Row }) => {
  const m = useMessages()
  const api = useApi()
  const queryClient = useQueryClient()
  const id = String(row.quote_id)
  const act = useMutation({
    mutationFn: (action: (typeof TemplatesApi.TemplateOffer.Type)["action"]) =>
      api.call((c) => {
        switch (action) {
          case "makeDefault":
            return c.templates.makeDefault({ params: { id } })
          case "unmakeDefault":
            return c.templates.unmakeDefault({ params: { id } })
          case "archive":
            return c.templates.archive({ params: { id, state: "archived" } })
          case "delete":
            return c.templates.archive({ params: { id, state: "deleted" } })
          default:
            return c.templates.archive({ params: { id, state: "current" } })
        }
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: templatesKey })
      void queryClient.invalidateQueries({ queryKey: accountKey })
    }
  })
  return (
    <li className={styles.row}>
      <div className={styles.rowMain}>
        <Link
          to="/content/templates/$quoteId/$action"
          params={{ quoteId: id, action: "is-editing" }}
          className={styles.rowTitle}
        >
          {row.title || m.untitled}
        </Link>
        <span className={styles.muted}>
          {m.items}: {row.item_count}
        </span>
      </div>
      {row.shared && <span className={styles.sticker}>{sharedAccountsText.shared}</span>}
      {row.sticker !== null && <span className={styles.sticker}>{row.sticker}</span>}
      <div className={styles.actions}>
        {row.offers.map((o) =>
          o.checked !== null ? (
            <label key={o.action} className={styles.line}>
              <input
                type="checkbox"
                className={controls.checkbox}
                checked={o.checked}
                disabled={act.isPending}
                onChange={() => act.mutate(o.action)}
              />
              {o.label}
            </label>
          ) : o.action === "copyToNewTemplate" ? (
            <Link
              key={o.action}
              to="/content/templates/$quoteId/$action"
              params={{ quoteId: "new", action: "is-editing" }}
              search={{ "from-template": id }}
              className={controls.button}
            >
              {o.label}
            </Link>
          ) : o.confirm !== null ? (
            <AlertDialog.Root key={o.action}>
              <AlertDialog.Trigger className={controls.button}>{o.label}</AlertDialog.Trigger>
              <AlertDialog.Portal>
                <AlertDialog.Overlay className={dialog.overlay} />
                <AlertDialog.Content className={dialog.content}>
                  <AlertDialog.Title className={dialog.title}>{o.confirm}</AlertDialog.Title>
                  <AlertDialog.Description className={dialog.description}>
                    {row.title || m.untitled}
                  </AlertDialog.Description>
                  <div className={dialog.actions}>
                    <AlertDialog.Cancel className={controls.button}>{m.cancel}</AlertDialog.Cancel>
                    <AlertDialog.Action className={controls.primary} onClick={() => act.mutate(o.action)}>
                      {o.label}
                    </AlertDialog.Action>
                  </div>
                </AlertDialog.Content>
              </AlertDialog.Portal>
            </AlertDialog.Root>
          ) : (
            <button
              key={o.action}
              type="button"
              className={controls.button}
              disabled={act.isPending}
              onClick={() => act.mutate(o.action)}
            >
              {o.label}
            </button>
          )
        )}
      </div>
      {act.isError && (
        <span className={controls.hintError} role="alert">
          {act.error.message}
        </span>
      )}
    </li>
  )
}
