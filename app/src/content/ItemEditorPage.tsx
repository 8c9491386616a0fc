/**
 * The price and text item editors (`/content/templates/{price-items|text-items}/{id | new}`, query `from-item`,
 * `merge_loser`, `within_template`). Breadcrumbs lead back to Templates & Items (and to the template the editor
 * was opened from: the Template crumb). When templates use the item the save button reads 'Update {n}
 * Templates', the notice 'Changes will be applied to {n} Template(s)' and 'See where used…' lists them. The
 * save bar appears with unsaved changes; Ctrl+S saves. Archive / Unarchive, Delete (confirming with the
 * templates named), Restore, and Merge (choose the winner in the list; the winner's editor confirms).
 */
import * as ItemsApi from "@quotekit/core/api/ItemsApi"
import * as Money from "@quotekit/core/Money"
import * as TaxRate from "@quotekit/core/TaxRate"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Link, useNavigate, useParams, useRouterState, useSearch } from "@tanstack/react-router"
import { Option } from "effect"
import { AlertDialog } from "radix-ui"
import { useEffect, useState } from "react"
import { isFailure, useApi } from "../api/client.ts"
import { TextInput } from "../contacts/ContactFormPage.tsx"
import { fieldErrors } from "../contacts/fieldErrors.ts"
import styles from "../contacts/Records.module.css"
import { ActivityHistory } from "../history/ActivityHistory.tsx"
import { useMessages } from "../page/useMessages.ts"
import { usePageTitle } from "../page/usePageTitle.ts"
import { useAccount } from "../session/useAccount.ts"
import { AttachedFiles } from "../shell/AttachedFiles.tsx"
import banner from "../shell/Banner.module.css"
import dialog from "../shell/Dialog.module.css"
import { LoadFailure } from "../shell/LoadFailure.tsx"
import { NotFoundPage } from "../shell/NotFoundPage.tsx"
import page from "../shell/Page.module.css"
import { UnsavedChangesGuard } from "../shell/UnsavedChangesGuard.tsx"
import controls from "../theme/Controls.module.css"
import { itemsKey } from "./ItemList.tsx"
import { templatesKey } from "./TemplateList.tsx"

type EditorSearch = { "from-item"?: string; merge_loser?: string; within_template?: string }

const idOf = (s: string | undefined) =>
  s !== undefined && /^\d+$/.test(s) ? ItemsApi.ItemId.make(Number(s)) : undefined

/** The item editor page. */
export const ItemEditorPage = () => {
  const api = useApi()
  const m = useMessages()
  const { itemId } = useParams({ strict: false }) as { itemId: string }
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const kind: ItemsApi.ItemKind = pathname.includes("/text-items/") ? "text-items" : "price-items"
  const search: EditorSearch = useSearch({ strict: false })
  const id = itemId === "new" ? "new" : idOf(itemId)
  const query = {
    ...(idOf(search["from-item"]) === undefined ? {} : { "from-item": idOf(search["from-item"])! }),
    ...(idOf(search.merge_loser) === undefined ? {} : { merge_loser: idOf(search.merge_loser)! }),
    ...(idOf(search.within_template) === undefined ? {} : { within_template: Number(search.within_template) })
  }
  // What the last save answered; kept here because the editor remounts with the saved item's data.
  const [notice, setNotice] = useState<string | undefined>()
  const edit = useQuery({
    queryKey: [...itemsKey, "edit", kind, itemId, query],
    enabled: id !== undefined,
    queryFn: () =>
      api.call((c) =>
        id === "new"
          ? c.items.newData({ params: { kind }, query })
          : c.items.editData({ params: { kind, item_id: id! }, query })
      ),
    staleTime: Number.POSITIVE_INFINITY
  })
  if (id === undefined || isFailure(edit.error, "notFound")) return <NotFoundPage />
  if (edit.isError)
    return (
      <div className={page.page}>
        <LoadFailure error={edit.error} onRetry={() => void edit.refetch()} />
      </div>
    )
  if (edit.data === undefined)
    return (
      <div className={page.page} aria-busy="true">
        <h1 className={page.heading}>{m.loading}</h1>
        <div className={page.skeleton} />
      </div>
    )
  return (
    <ItemEditor
      key={edit.dataUpdatedAt}
      kind={kind}
      data={edit.data}
      withinTemplate={query.within_template}
      notice={notice}
      onNotice={setNotice}
    />
  )
}

interface Draft {
  readonly item_code: string
  readonly item_title: string
  readonly item_body: string
  readonly item_cat_id: number
  readonly item_tax_id: number
  readonly price_unit: string
  readonly price_cost: string
  readonly quantity: string
  readonly discount_item: string
}

const draftOf = (item: ItemsApi.ItemEdit["item"]): Draft => ({
  item_code: item.item_code,
  item_title: item.item_title,
  item_body: item.item_body,
  item_cat_id: item.item_cat_id,
  item_tax_id: item.item_tax_id,
  price_unit: Money.formatTrimmed(item.price_unit, 2, 4).replace(/,/g, ""),
  price_cost: Money.formatTrimmed(item.price_cost, 2, 4).replace(/,/g, ""),
  quantity: Money.formatTrimmed(item.quantity, 0, 4).replace(/,/g, ""),
  discount_item: Money.formatTrimmed(item.discount_item, 0, 4).replace(/,/g, "")
})

const decimalFields = ["price_unit", "price_cost", "quantity", "discount_item"] as const

const ItemEditor = ({
  kind,
  data,
  withinTemplate,
  notice,
  onNotice
}: {
  readonly kind: ItemsApi.ItemKind
  readonly data: ItemsApi.ItemEdit
  readonly withinTemplate: number | undefined
  readonly notice: string | undefined
  readonly onNotice: (text: string | undefined) => void
}) => {
  const m = useMessages()
  const api = useApi()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const cache = useAccount().data
  const initial = draftOf(data.item)
  const [draft, setDraft] = useState<Draft>(initial)
  const [whereUsed, setWhereUsed] = useState(false)
  const [files, setFiles] = useState<
    ReadonlyArray<{ readonly file_id: number; readonly name: string; readonly url: string }>
  >(() => data.files.map((f) => ({ file_id: f.file_id, name: f.original_filename, url: f.url })))
  const filesChanged = files.map((f) => f.file_id).join() !== data.files.map((f) => f.file_id).join()
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData()
      form.append("file", file)
      return api.call((c) => c.uploads.file({ payload: form }))
    },
    onSuccess: (u) => setFiles((fs) => [...fs, { file_id: u.file_id, name: u.original_filename, url: u.url }])
  })
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }))
  const isPrice = kind === "price-items"
  const isNew = data.meta.is_new
  const title = draft.item_title.trim() !== "" ? draft.item_title : isPrice ? m.newPriceItem : m.newTextItem
  usePageTitle(title)
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial) || filesChanged
  const parsed = Object.fromEntries(
    decimalFields.map((f) => [f, Money.parse(draft[f].trim() === "" ? "0" : draft[f].trim())])
  ) as Record<(typeof decimalFields)[number], Option.Option<Money.Decimal>>
  const invalid = decimalFields.filter((f) => Option.isNone(parsed[f]))
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: itemsKey })
    void queryClient.invalidateQueries({ queryKey: templatesKey })
  }
  const editorPath = isPrice ? "/content/templates/price-items/$itemId" : "/content/templates/text-items/$itemId"
  const save = useMutation({
    mutationFn: (force: boolean) => {
      const n = (f: (typeof decimalFields)[number]) => Option.getOrElse(parsed[f], () => Money.zero)
      const {
        item_id: _i,
        item_type: _t,
        archive_id: _a,
        modified: _m,
        price_margin: _p,
        shared: _s,
        files: _f,
        ...rest
      } = data.item
      const item: ItemsApi.ItemFields = {
        ...rest,
        item_code: draft.item_code,
        item_title: draft.item_title,
        item_body: draft.item_body,
        item_cat_id: draft.item_cat_id,
        item_tax_id: TaxRate.ItemTaxId.make(draft.item_tax_id),
        price_unit: n("price_unit"),
        price_cost: n("price_cost"),
        quantity: n("quantity"),
        discount_item: n("discount_item")
      }
      return api.call((c) =>
        c.items.update({
          params: { kind, item_id: isNew ? "new" : data.item.item_id },
          payload: {
            item,
            files: files.map((f) => f.file_id),
            ...(force || isNew ? {} : { _modifiedIn: data.item.modified })
          }
        })
      )
    },
    onSuccess: (saved) => {
      onNotice(saved.templates_updated.length > 0 ? m.savedTemplates(saved.templates_updated.length) : m.saved)
      refresh()
      void queryClient.invalidateQueries({ queryKey: ["history"] })
      if (isNew)
        void navigate({
          to: editorPath,
          params: { itemId: String(saved.item_id) },
          search: withinTemplate === undefined ? {} : { within_template: String(withinTemplate) },
          replace: true
        })
    }
  })
  const archive = useMutation({
    mutationFn: (to: 1 | 2 | 3) =>
      api.call((c) =>
        c.items.archive({
          params: { item_id: data.item.item_id, archive_id: to === 1 ? "current" : to === 2 ? "archived" : "deleted" }
        })
      ),
    onSuccess: () => {
      refresh()
      void queryClient.invalidateQueries({ queryKey: [...itemsKey, "edit"] })
    }
  })
  const loser = data.meta.merge_loser
  const merge = useMutation({
    mutationFn: () =>
      api.call((c) => c.items.merge({ payload: { loser_id: loser!.item_id, winner_id: data.item.item_id } })),
    onSuccess: (answer) => {
      refresh()
      void navigate({ to: editorPath, params: { itemId: String(answer.winner_id) }, replace: true })
    }
  })
  const canSave = (dirty || isNew) && invalid.length === 0 && !save.isPending && !data.item.shared
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "s") {
        e.preventDefault()
        if (canSave) save.mutate(false)
      }
    }
    window.addEventListener("keydown", onKey)
    return () => window.removeEventListener("keydown", onKey)
  })
  const errors = fieldErrors(save.error)
  const failure = save.error ?? archive.error ?? merge.error
  const conflict = isFailure(save.error, "conflict")
  const state = data.item.archive_id
  const within = data.meta.within_template
  const categories = (cache?.item_categories ?? []).filter(
    (c) => c.archive_id === 1 || c.item_cat_id === draft.item_cat_id
  )
  const taxes = (cache?.item_taxes ?? []).filter((t) => t.archive_id === 1 || t.item_tax_id === draft.item_tax_id)
  return (
    <form
      className={page.page}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        if (canSave) save.mutate(false)
      }}
    >
      <UnsavedChangesGuard dirty={dirty && !save.isPending && !save.isSuccess} />
      <nav className={styles.crumbs} aria-label={m.templatesAndItems}>
        <Link to="/content/templates">{m.templatesAndItems}</Link>
        <span aria-hidden="true">›</span>
        {within !== null && (
          <>
            <Link
              to="/content/templates/$quoteId/$action"
              params={{ quoteId: String(within.quote_id), action: "is-editing" }}
            >
              {m.templateTitle(within.title)}
            </Link>
            <span aria-hidden="true">›</span>
          </>
        )}
        <Link to="/content/templates" search={{ tab: kind }}>
          {isPrice ? m.priceItems : m.textItems}
        </Link>
      </nav>
      <div className={page.header}>
        <h1 className={page.heading}>
          {title} {data.meta.sticker !== null && <span className={styles.sticker}>{data.meta.sticker}</span>}
        </h1>
        {!isNew && !data.item.shared && (
          <div className={styles.actions}>
            {state === 1 && (
              <button type="button" className={controls.button} onClick={() => archive.mutate(2)}>
                {m.archive}
              </button>
            )}
            {state === 2 && (
              <button type="button" className={controls.button} onClick={() => archive.mutate(1)}>
                {m.unarchive}
              </button>
            )}
            {state === 3 ? (
              <button type="button" className={controls.button} onClick={() => archive.mutate(1)}>
                {m.restore}
              </button>
            ) : (
              <AlertDialog.Root>
                <AlertDialog.Trigger className={controls.button}>{m.delete}</AlertDialog.Trigger>
                <AlertDialog.Portal>
                  <AlertDialog.Overlay className={dialog.overlay} />
                  <AlertDialog.Content className={dialog.content}>
                    <AlertDialog.Title className={dialog.title}>{m.areYouSure}</AlertDialog.Title>
                    <AlertDialog.Description className={dialog.description}>
                      {data.meta.delete_confirm}
                    </AlertDialog.Description>
                    <div className={dialog.actions}>
                      <AlertDialog.Cancel className={controls.button}>{m.cancel}</AlertDialog.Cancel>
                      <AlertDialog.Action className={controls.primary} onClick={() => archive.mutate(3)}>
                        {m.delete}
                      </AlertDialog.Action>
                    </div>
                  </AlertDialog.Content>
                </AlertDialog.Portal>
              </AlertDialog.Root>
            )}
            {state !== 3 && loser === null && (
              <Link
                to="/content/templates"
                search={{ tab: kind, merge_loser: String(data.item.item_id) }}
                className={controls.button}
              >
                {m.merge}
              </Link>
            )}
          </div>
        )}
      </div>
      {data.item.shared && <p className={styles.notice}>{m.sharedContentLocked}</p>}
      {loser !== null && (
        <div className={styles.notice} role="status">
          <p>{`${m.merge}: ${loser.item_title || m.untitled} → ${data.item.item_title || m.untitled}`}</p>
          <div className={styles.actions}>
            <AlertDialog.Root>
              <AlertDialog.Trigger className={controls.primary}>{m.confirmMergeWinner}</AlertDialog.Trigger>
              <AlertDialog.Portal>
                <AlertDialog.Overlay className={dialog.overlay} />
                <AlertDialog.Content className={dialog.content}>
                  <AlertDialog.Title className={dialog.title}>{m.confirmMerge}</AlertDialog.Title>
                  <AlertDialog.Description className={dialog.description}>
                    {data.item.item_title || m.untitled}
                  </AlertDialog.Description>
                  <div className={dialog.actions}>
                    <AlertDialog.Cancel className={controls.button}>{m.cancel}</AlertDialog.Cancel>
                    <AlertDialog.Action className={controls.primary} onClick={() => merge.mutate()}>
                      {m.confirmMerge}
                    </AlertDialog.Action>
                  </div>
                </AlertDialog.Content>
              </AlertDialog.Portal>
            </AlertDialog.Root>
            <Link to={editorPath} params={{ itemId: String(loser.item_id) }} className={controls.button}>
              {m.cancelMerge}
            </Link>
          </div>
        </div>
      )}
      {data.meta.templates_notice !== null && (
        <div className={styles.notice}>
          <span>{data.meta.templates_notice} </span>
          {data.meta.see_where_used !== null && (
            <button
              type="button"
              className={controls.ghost}
              aria-expanded={whereUsed}
              onClick={() => setWhereUsed((w) => !w)}
            >
              {data.meta.see_where_used}
            </button>
          )}
          {whereUsed && (
            <ul aria-label={m.templatesUsing}>
              {data.templates_in_use.map((t) => (
                <li key={t.quote_id}>
                  <Link
                    to="/content/templates/$quoteId/$action"
                    params={{ quoteId: String(t.quote_id), action: "is-editing" }}
                  >
                    {t.title || m.untitled}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {failure !== null && (
        <div className={conflict ? banner.warning : banner.error} role="alert">
          <div>
            <p className={banner.title}>{failure.message}</p>
            {conflict && (
              <button type="button" className={controls.button} onClick={() => save.mutate(true)}>
                {m.continueToSave}
              </button>
            )}
          </div>
        </div>
      )}
      {notice !== undefined && !dirty && (
        <p role="status" className={styles.notice}>
          {notice}
        </p>
      )}
      <fieldset className={`${controls.card} ${styles.stack}`} disabled={data.item.shared} style={{ border: 0 }}>
        <div className={styles.grid}>
          {isPrice && (
            <TextInput
              id="item_code"
              label={m.itemCode}
              value={draft.item_code}
              error={errors.get("item_code")}
              onChange={(v) => set({ item_code: v })}
            />
          )}
          <TextInput
            id="item_title"
            label={m.title}
            value={draft.item_title}
            error={errors.get("item_title")}
            onChange={(v) => set({ item_title: v })}
          />
        </div>
        <div className={controls.field}>
          <label className={controls.label} htmlFor="item_body">
            {isPrice ? m.itemBody : m.textBody}
          </label>
          <textarea
            id="item_body"
            className={controls.textarea}
            rows={5}
            value={draft.item_body}
            onChange={(e) => set({ item_body: e.currentTarget.value })}
          />
        </div>
        {isPrice && (
          <div className={styles.grid}>
            {(
              [
                ["price_unit", m.unitPrice],
                ["price_cost", m.itemCost],
                ["quantity", m.quantity],
                ["discount_item", m.discount]
              ] as const
            ).map(([f, label]) => (
              <div key={f} className={controls.field}>
                <label className={controls.label} htmlFor={f}>
                  {label}
                </label>
                <input
                  id={f}
                  className={`${controls.input} ${controls.number}`}
                  inputMode="decimal"
                  value={draft[f]}
                  aria-invalid={Option.isNone(parsed[f]) || errors.has(f)}
                  onChange={(e) => set({ [f]: e.currentTarget.value })}
                />
                {(Option.isNone(parsed[f]) || errors.has(f)) && (
                  <span className={controls.hintError}>{errors.get(f) ?? m.numberUnparseable}</span>
                )}
              </div>
            ))}
            <div className={controls.field}>
              <label className={controls.label} htmlFor="item_cat_id">
                {m.category}
              </label>
              <select
                id="item_cat_id"
                className={controls.select}
                value={draft.item_cat_id}
                onChange={(e) => set({ item_cat_id: Number(e.currentTarget.value) })}
              >
                <option value={0}>{m.noTaxRate}</option>
                {categories.map((c) => (
                  <option key={c.item_cat_id} value={c.item_cat_id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
            <div className={controls.field}>
              <label className={controls.label} htmlFor="item_tax_id">
                {m.itemTax}
              </label>
              <select
                id="item_tax_id"
                className={controls.select}
                value={draft.item_tax_id}
                onChange={(e) => set({ item_tax_id: Number(e.currentTarget.value) })}
              >
                <option value={0}>{m.noTaxRate}</option>
                {taxes.map((t) => (
                  <option key={t.item_tax_id} value={t.item_tax_id}>
                    {`${t.description} ${Money.formatTrimmed(t.tax_rate, 0, 4)}%`}
                  </option>
                ))}
              </select>
            </div>
          </div>
        )}
        <div className={styles.section}>
          <span className={controls.label}>{m.attachFile}</span>
          <AttachedFiles
            files={files}
            label={m.attachFile}
            onRemove={(id) => setFiles((fs) => fs.filter((x) => x.file_id !== id))}
          />
          <div className={styles.line}>
            <input
              type="file"
              aria-label={m.attachFile}
              className={controls.input}
              disabled={upload.isPending}
              onChange={(e) => {
                const file = e.currentTarget.files?.[0]
                if (file !== undefined) upload.mutate(file)
                e.currentTarget.value = ""
              }}
            />
            <span role="status" className={upload.isError ? controls.hintError : styles.muted}>
              {upload.isPending ? m.uploading : upload.isError ? upload.error.message : ""}
            </span>
          </div>
        </div>
      </fieldset>
      {!isNew && (
        <section className={controls.card}>
          <ActivityHistory table="content-item" id={data.item.item_id} />
        </section>
      )}
      {(dirty || isNew) && (
        <div className={styles.saveBar}>
          {dirty && <span className={styles.muted}>{m.unsavedChanges}</span>}
          <button type="submit" className={controls.primary} disabled={!canSave}>
            {save.isPending ? m.saving : isNew ? m.save : data.meta.save_label}
          </button>
        </div>
      )}
    </form>
  )
}
