/**
 * Categories and tax rates: each listed with Current / Archived, added inline, renamed or re-rated in place,
 * archived and restored. A tax rate in use cannot change its rate (the server says so); the account cache is
 * refreshed after each change, since the editors' pickers read it.
 */
import type * as AccountApi from "@quotekit/core/api/AccountApi"
import * as Money from "@quotekit/core/Money"
import type * as TaxRate from "@quotekit/core/TaxRate"
import { type UseQueryResult, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Option } from "effect"
import { type ReactNode, useState } from "react"
import { useApi } from "../api/client.ts"
import styles from "../contacts/Records.module.css"
import { useMessages } from "../page/useMessages.ts"
import { accountKey, useAccount } from "../session/useAccount.ts"
import { LoadFailure } from "../shell/LoadFailure.tsx"
import page from "../shell/Page.module.css"
import controls from "../theme/Controls.module.css"

const catalogueKey = ["content", "catalogue"] as const

/** The categories panel. */
export const CategoriesPanel = () => {
  const m = useMessages()
  const api = useApi()
  const catalogue = useCatalogueList(
    "categories",
    (archive) => api.call((c) => c.catalogue.categories({ query: { archive } })),
    (id, to) => api.call((c) => c.catalogue.archiveCategory({ params: { item_cat_id: id, archive_id: to } }))
  )
  const [name, setName] = useState("")
  const create = useMutation({
    mutationFn: () =>
      api.call((c) =>
        c.catalogue.createCategory({ payload: { name: name.trim(), description: "", tax_id_default: 0 } })
      ),
    onSuccess: () => {
      setName("")
      catalogue.refresh()
    }
  })
  return (
    <CataloguePanel
      catalogue={catalogue}
      create={create}
      canAdd={name.trim() !== ""}
      addLabel={m.addCategory}
      empty={m.noCategories}
      fields={<Field id="category-name" label={m.name} value={name} onChange={setName} />}
      row={(c) => (
        <CategoryRow
          key={c.item_cat_id}
          category={c}
          onArchive={() => catalogue.toggleArchive(c.item_cat_id, c.archive_id)}
          onSaved={catalogue.refresh}
        />
      )}
    />
  )
}

/** The tax rates panel. */
export const TaxRatesPanel = () => {
  const m = useMessages()
  const api = useApi()
  const catalogue = useCatalogueList(
    "taxes",
    (archive) => api.call((c) => c.catalogue.taxes({ query: { archive } })),
    (id, to) => api.call((c) => c.catalogue.archiveTax({ params: { item_tax_id: id as never, archive_id: to } }))
  )
  const [description, setDescription] = useState("")
  const [rate, setRate] = useState("")
  const parsed = Money.parse(rate.trim())
  const create = useMutation({
    mutationFn: () =>
      api.call((c) =>
        c.catalogue.createTax({
          payload: { description: description.trim(), tax_rate: Option.getOrElse(parsed, () => Money.zero) }
        })
      ),
    onSuccess: () => {
      setDescription("")
      setRate("")
      catalogue.refresh()
    }
  })
  return (
    <CataloguePanel
      catalogue={catalogue}
      create={create}
      canAdd={Option.isSome(parsed)}
      addLabel={m.addTaxRate}
      empty={m.noTaxRates}
      fields={
        <>
          <Field id="tax-description" label={m.itemBody} value={description} onChange={setDescription} />
          <Field
            id="tax-rate"
            label={m.ratePercent}
            value={rate}
            onChange={setRate}
            decimal
            invalid={rate.trim() !== "" && Option.isNone(parsed)}
          />
        </>
      }
      row={(t) => (
        <TaxRow
          key={t.item_tax_id}
          tax={t}
          onArchive={() => catalogue.toggleArchive(t.item_tax_id, t.archive_id)}
          onSaved={catalogue.refresh}
        />
      )}
    />
  )
}

/** One panel's list: Current or Archived, the entries, Archive / Restore of one, and the refresh after changes. */
interface CatalogueList<T> {
  readonly archived: boolean
  readonly setArchived: (archived: boolean) => void
  readonly list: UseQueryResult<ReadonlyArray<T>>
  /** Archive a current entry (`archive_id` 1), restore an archived one (2). */
  readonly toggleArchive: (id: number, archiveId: number) => void
  readonly archiveError: Error | null
  readonly refresh: () => void
}

/** A panel's list, loaded by `load` and archived or restored by `archive`. */
const useCatalogueList = <T,>(
  name: "categories" | "taxes",
  load: (archive: "archived" | "current") => Promise<ReadonlyArray<T>>,
  archive: (id: number, to: 1 | 2) => Promise<unknown>
): CatalogueList<T> => {
  const queryClient = useQueryClient()
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: catalogueKey })
    void queryClient.invalidateQueries({ queryKey: accountKey })
  }
  const [archived, setArchived] = useState(false)
  const list = useQuery({
    queryKey: [...catalogueKey, name, archived],
    queryFn: () => load(archived ? "archived" : "current")
  })
  const toggle = useMutation({
    mutationFn: (a: { readonly id: number; readonly to: 1 | 2 }) => archive(a.id, a.to),
    onSuccess: refresh
  })
  return {
    archived,
    setArchived,
    list,
    toggleArchive: (id, archiveId) => toggle.mutate({ id, to: archiveId === 2 ? 1 : 2 }),
    archiveError: toggle.error,
    refresh
  }
}

/** What the panels' forms use of a mutation (an add or an edit). */
interface Mutation {
  readonly isPending: boolean
  readonly error: Error | null
  readonly mutate: () => void
}

/**
 * A panel: Current / Archived; the add form (`fields`, then the add button, enabled while `canAdd`); the add's
 * failure, else the last archive's; then the entries, or `empty`.
 */
const CataloguePanel = <T,>({
  catalogue,
  create,
  canAdd,
  addLabel,
  empty,
  fields,
  row
}: {
  readonly catalogue: CatalogueList<T>
  readonly create: Mutation
  readonly canAdd: boolean
  readonly addLabel: string
  readonly empty: string
  readonly fields: ReactNode
  readonly row: (entry: T) => ReactNode
}) => {
  const m = useMessages()
  const { list } = catalogue
  const failure = create.error ?? catalogue.archiveError
  return (
    <section className={`${controls.card} ${styles.stack}`} aria-busy={list.isPending}>
      <CurrentArchived archived={catalogue.archived} onChange={catalogue.setArchived} />
      <form
        className={styles.line}
        onSubmit={(e) => {
          e.preventDefault()
          if (canAdd) create.mutate()
        }}
      >
        {fields}
        <button type="submit" className={controls.button} disabled={create.isPending || !canAdd}>
          {create.isPending ? m.saving : addLabel}
        </button>
      </form>
      {failure !== null && (
        <p role="alert" className={controls.hintError}>
          {failure.message}
        </p>
      )}
      {list.isError ? (
        <LoadFailure error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data !== undefined && list.data.length === 0 ? (
        <p className={page.empty}>{empty}</p>
      ) : (
        <ul className={styles.rows}>{(list.data ?? []).map(row)}</ul>
      )}
    </section>
  )
}

/** A labelled text input of the panels' forms; `decimal` for a rate. */
const Field = ({
  id,
  label,
  value,
  onChange,
  decimal = false,
  invalid
}: {
  readonly id: string
  readonly label: string
  readonly value: string
  readonly onChange: (value: string) => void
  readonly decimal?: boolean
  readonly invalid?: boolean
}) => (
  <div className={controls.field}>
    <label className={controls.label} htmlFor={id}>
      {label}
    </label>
    <input
      id={id}
      className={decimal ? `${controls.input} ${controls.number}` : controls.input}
      inputMode={decimal ? "decimal" : undefined}
      value={value}
      aria-invalid={invalid}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  </div>
)

/**
 * An entry's row: in place, the edit form (its fields, Save while `canSave`, Cancel, the save's failure); else
 * what it shows and Edit. Archive or Restore either way.
 */
const EditableRow = ({
  editing,
  setEditing,
  fields,
  canSave,
  save,
  shows,
  archived,
  onArchive
}: {
  readonly editing: boolean
  readonly setEditing: (editing: boolean) => void
  readonly fields: ReactNode
  readonly canSave: boolean
  readonly save: Mutation
  readonly shows: ReactNode
  readonly archived: boolean
  readonly onArchive: () => void
}) => {
  const m = useMessages()
  return (
    <li className={styles.row}>
      {editing ? (
        <form
          className={`${styles.line} ${styles.rowMain}`}
          onSubmit={(e) => {
            e.preventDefault()
            if (canSave) save.mutate()
          }}
        >
          {fields}
          <button type="submit" className={controls.primary} disabled={save.isPending || !canSave}>
            {save.isPending ? m.saving : m.save}
          </button>
          <button type="button" className={controls.ghost} onClick={() => setEditing(false)}>
            {m.cancel}
          </button>
          {save.error !== null && (
            <span role="alert" className={controls.hintError}>
              {save.error.message}
            </span>
          )}
        </form>
      ) : (
        <>
          <span className={styles.rowMain}>{shows}</span>
          <button type="button" className={controls.ghost} onClick={() => setEditing(true)}>
            {m.edit}
          </button>
        </>
      )}
      <button type="button" className={controls.button} onClick={onArchive}>
        {archived ? m.restore : m.archive}
      </button>
    </li>
  )
}

const CurrentArchived = ({
  archived,
  onChange
}: {
  readonly archived: boolean
  readonly onChange: (a: boolean) => void
}) => {
  const m = useMessages()
  return (
    <fieldset className={styles.filters} aria-label={m.archived}>
      <button type="button" className={styles.filter} aria-pressed={!archived} onClick={() => onChange(false)}>
        {m.current}
      </button>
      <button type="button" className={styles.filter} aria-pressed={archived} onClick={() => onChange(true)}>
        {m.archived}
      </button>
    </fieldset>
  )
}

/** A category: its name and default tax rate, edited in place; Archive or Restore. */
const CategoryRow = ({
  category,
  onArchive,
  onSaved
}: {
  readonly category: AccountApi.ItemCategory
  readonly onArchive: () => void
  readonly onSaved: () => void
}) => {
  const m = useMessages()
  const api = useApi()
  const taxes = useAccount().data?.item_taxes ?? []
  const [editing, setEditing] = useState(false)
  const [name, setName] = useState(category.name)
  const [tax, setTax] = useState(category.tax_id_default)
  const save = useMutation({
    mutationFn: () =>
      api.call((c) =>
        c.catalogue.updateCategory({
          params: { item_cat_id: category.item_cat_id },
          payload: { name: name.trim(), description: category.description, tax_id_default: tax }
        })
      ),
    onSuccess: () => {
      setEditing(false)
      onSaved()
    }
  })
  const taxLabel = taxes.find((t) => t.item_tax_id === category.tax_id_default)
  return (
    <EditableRow
      editing={editing}
      setEditing={setEditing}
      canSave={name.trim() !== ""}
      save={save}
      archived={category.archive_id === 2}
      onArchive={onArchive}
      fields={
        <>
          <Field id={`category-${category.item_cat_id}`} label={m.name} value={name} onChange={setName} />
          <div className={controls.field}>
            <label className={controls.label} htmlFor={`category-tax-${category.item_cat_id}`}>
              {m.defaultTax}
            </label>
            <select
              id={`category-tax-${category.item_cat_id}`}
              className={controls.select}
              value={tax}
              onChange={(e) => setTax(Number(e.currentTarget.value))}
            >
              <option value={0}>{m.noTaxRate}</option>
              {taxes.map((t) => (
                <option key={t.item_tax_id} value={t.item_tax_id}>
                  {`${t.description} ${Money.formatTrimmed(t.tax_rate, 0, 4)}%`}
                </option>
              ))}
            </select>
          </div>
        </>
      }
      shows={
        <>
          {category.name}
          {taxLabel !== undefined && (
            <span
              className={styles.muted}
            >{`${m.defaultTax}: ${taxLabel.description} ${Money.formatTrimmed(taxLabel.tax_rate, 0, 4)}%`}</span>
          )}
        </>
      }
    />
  )
}

/** A tax rate: its description and rate, edited in place (a rate in use is refused by the server); Archive or Restore. */
const TaxRow = ({
  tax,
  onArchive,
  onSaved
}: {
  readonly tax: TaxRate.TaxRate
  readonly onArchive: () => void
  readonly onSaved: () => void
}) => {
  const m = useMessages()
  const api = useApi()
  const [editing, setEditing] = useState(false)
  const [description, setDescription] = useState(tax.description)
  const [rate, setRate] = useState(Money.formatTrimmed(tax.tax_rate, 0, 4))
  const parsed = Money.parse(rate.trim())
  const save = useMutation({
    mutationFn: () =>
      api.call((c) =>
        c.catalogue.updateTax({
          params: { item_tax_id: tax.item_tax_id },
          payload: { description: description.trim(), tax_rate: Option.getOrElse(parsed, () => Money.zero) }
        })
      ),
    onSuccess: () => {
      setEditing(false)
      onSaved()
    }
  })
  return (
    <EditableRow
      editing={editing}
      setEditing={setEditing}
      canSave={Option.isSome(parsed)}
      save={save}
      archived={tax.archive_id === 2}
      onArchive={onArchive}
      fields={
        <>
          <Field
            id={`tax-description-${tax.item_tax_id}`}
            label={m.itemBody}
            value={description}
            onChange={setDescription}
          />
          <Field
            id={`tax-rate-${tax.item_tax_id}`}
            label={m.ratePercent}
            value={rate}
            onChange={setRate}
            decimal
            invalid={Option.isNone(parsed)}
          />
        </>
      }
      shows={
        <>
          {tax.description} {Money.formatTrimmed(tax.tax_rate, 0, 4)}%
        </>
      }
    />
  )
}
