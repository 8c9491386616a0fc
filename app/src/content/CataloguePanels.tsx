/**
 * Categories and tax rates: each listed with Current / Archived, added inline, renamed or re-rated in place,
 * archived and restored. A tax rate in use cannot change its rate (the server says so); the account cache is
 * refreshed after each change, since the editors' pickers read it.
 */
import type * as AccountApi from "@quotekit/core/api/AccountApi"
import * as Money from "@quotekit/core/Money"
import type * as TaxRate from "@quotekit/core/TaxRate"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Option } from "effect"
import { useState } from "react"
import { useApi } from "../api/client.ts"
import styles from "../contacts/Records.module.css"
import { useMessages } from "../page/useMessages.ts"
import { accountKey, useAccount } from "../session/useAccount.ts"
import { LoadFailure } from "../shell/LoadFailure.tsx"
import page from "../shell/Page.module.css"
import controls from "../theme/Controls.module.css"

const catalogueKey = ["content", "catalogue"] as const

const useRefresh = () => {
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries({ queryKey: catalogueKey })
    void queryClient.invalidateQueries({ queryKey: accountKey })
  }
}

/** The categories panel. */
export const CategoriesPanel = () => {
  const m = useMessages()
  const api = useApi()
  const refresh = useRefresh()
  const [archived, setArchived] = useState(false)
  const [name, setName] = useState("")
  const list = useQuery({
    queryKey: [...catalogueKey, "categories", archived],
    queryFn: () => api.call((c) => c.catalogue.categories({ query: { archive: archived ? "archived" : "current" } }))
  })
  const create = useMutation({
    mutationFn: () =>
      api.call((c) =>
        c.catalogue.createCategory({ payload: { name: name.trim(), description: "", tax_id_default: 0 } })
      ),
    onSuccess: () => {
      setName("")
      refresh()
    }
  })
  const archive = useMutation({
    mutationFn: (a: { readonly id: number; readonly to: 1 | 2 }) =>
      api.call((c) => c.catalogue.archiveCategory({ params: { item_cat_id: a.id, archive_id: a.to } })),
    onSuccess: refresh
  })
  return (
    <section className={`${controls.card} ${styles.stack}`} aria-busy={list.isPending}>
      <CurrentArchived archived={archived} onChange={setArchived} />
      <form
        className={styles.line}
        onSubmit={(e) => {
          e.preventDefault()
          if (name.trim() !== "") create.mutate()
        }}
      >
        <div className={controls.field}>
          <label className={controls.label} htmlFor="category-name">
            {m.name}
          </label>
          <input
            id="category-name"
            className={controls.input}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
        </div>
        <button type="submit" className={controls.button} disabled={create.isPending || name.trim() === ""}>
          {create.isPending ? m.saving : m.addCategory}
        </button>
      </form>
      {(create.isError || archive.isError) && (
        <p role="alert" className={controls.hintError}>
          {(create.error ?? archive.error)?.message}
        </p>
      )}
      {list.isError ? (
        <LoadFailure error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data !== undefined && list.data.length === 0 ? (
        <p className={page.empty}>{m.noCategories}</p>
      ) : (
        <ul className={styles.rows}>
          {(list.data ?? []).map((c) => (
            <CategoryRow
              key={c.item_cat_id}
              category={c}
              onArchive={() => archive.mutate({ id: c.item_cat_id, to: c.archive_id === 2 ? 1 : 2 })}
              onSaved={refresh}
            />
          ))}
        </ul>
      )}
    </section>
  )
}

/** The tax rates panel. */
export const TaxRatesPanel = () => {
  const m = useMessages()
  const api = useApi()
  const refresh = useRefresh()
  const [archived, setArchived] = useState(false)
  const [description, setDescription] = useState("")
  const [rate, setRate] = useState("")
  const parsed = Money.parse(rate.trim())
  const list = useQuery({
    queryKey: [...catalogueKey, "taxes", archived],
    queryFn: () => api.call((c) => c.catalogue.taxes({ query: { archive: archived ? "archived" : "current" } }))
  })
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
      refresh()
    }
  })
  const archive = useMutation({
    mutationFn: (a: { readonly id: number; readonly to: 1 | 2 }) =>
      api.call((c) => c.catalogue.archiveTax({ params: { item_tax_id: a.id as never, archive_id: a.to } })),
    onSuccess: refresh
  })
  const rateInvalid = rate.trim() !== "" && Option.isNone(parsed)
  return (
    <section className={`${controls.card} ${styles.stack}`} aria-busy={list.isPending}>
      <CurrentArchived archived={archived} onChange={setArchived} />
      <form
        className={styles.line}
        onSubmit={(e) => {
          e.preventDefault()
          if (Option.isSome(parsed)) create.mutate()
        }}
      >
        <div className={controls.field}>
          <label className={controls.label} htmlFor="tax-description">
            {m.itemBody}
          </label>
          <input
            id="tax-description"
            className={controls.input}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
        </div>
        <div className={controls.field}>
          <label className={controls.label} htmlFor="tax-rate">
            {m.ratePercent}
          </label>
          <input
            id="tax-rate"
            className={`${controls.input} ${controls.number}`}
            inputMode="decimal"
            value={rate}
            aria-invalid={rateInvalid}
            onChange={(e) => setRate(e.currentTarget.value)}
          />
        </div>
        <button type="submit" className={controls.button} disabled={create.isPending || Option.isNone(parsed)}>
          {create.isPending ? m.saving : m.addTaxRate}
        </button>
      </form>
      {(create.isError || archive.isError) && (
        <p role="alert" className={controls.hintError}>
          {(create.error ?? archive.error)?.message}
        </p>
      )}
      {list.isError ? (
        <LoadFailure error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data !== undefined && list.data.length === 0 ? (
        <p className={page.empty}>{m.noTaxRates}</p>
      ) : (
        <ul className={styles.rows}>
          {(list.data ?? []).map((t) => (
            <TaxRow
              key={t.item_tax_id}
              tax={t}
              onArchive={() => archive.mutate({ id: t.item_tax_id, to: t.archive_id === 2 ? 1 : 2 })}
              onSaved={refresh}
            />
          ))}
        </ul>
      )}
    </section>
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
    <li className={styles.row}>
      {editing ? (
        <form
          className={`${styles.line} ${styles.rowMain}`}
          onSubmit={(e) => {
            e.preventDefault()
            if (name.trim() !== "") save.mutate()
          }}
        >
          <div className={controls.field}>
            <label className={controls.label} htmlFor={`category-${category.item_cat_id}`}>
              {m.name}
            </label>
            <input
              id={`category-${category.item_cat_id}`}
              className={controls.input}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
            />
          </div>
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
          <button type="submit" className={controls.primary} disabled={save.isPending || name.trim() === ""}>
            {save.isPending ? m.saving : m.save}
          </button>
          <button type="button" className={controls.ghost} onClick={() => setEditing(false)}>
            {m.cancel}
          </button>
          {save.isError && (
            <span role="alert" className={controls.hintError}>
              {save.error.message}
            </span>
          )}
        </form>
      ) : (
        <>
          <span className={styles.rowMain}>
            {category.name}
            {taxLabel !== undefined && (
              <span
                className={styles.muted}
              >{`${m.defaultTax}: ${taxLabel.description} ${Money.formatTrimmed(taxLabel.tax_rate, 0, 4)}%`}</span>
            )}
          </span>
          <button type="button" className={controls.ghost} onClick={() => setEditing(true)}>
            {m.edit}
          </button>
        </>
      )}
      <button type="button" className={controls.button} onClick={onArchive}>
        {category.archive_id === 2 ? m.restore : m.archive}
      </button>
    </li>
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
    <li className={styles.row}>
      {editing ? (
        <form
          className={`${styles.line} ${styles.rowMain}`}
          onSubmit={(e) => {
            e.preventDefault()
            if (Option.isSome(parsed)) save.mutate()
          }}
        >
          <div className={controls.field}>
            <label className={controls.label} htmlFor={`tax-description-${tax.item_tax_id}`}>
              {m.itemBody}
            </label>
            <input
              id={`tax-description-${tax.item_tax_id}`}
              className={controls.input}
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
            />
          </div>
          <div className={controls.field}>
            <label className={controls.label} htmlFor={`tax-rate-${tax.item_tax_id}`}>
              {m.ratePercent}
            </label>
            <input
              id={`tax-rate-${tax.item_tax_id}`}
              className={`${controls.input} ${controls.number}`}
              inputMode="decimal"
              value={rate}
              aria-invalid={Option.isNone(parsed)}
              onChange={(e) => setRate(e.currentTarget.value)}
            />
          </div>
          <button type="submit" className={controls.primary} disabled={save.isPending || Option.isNone(parsed)}>
            {save.isPending ? m.saving : m.save}
          </button>
          <button type="button" className={controls.ghost} onClick={() => setEditing(false)}>
            {m.cancel}
          </button>
          {save.isError && (
            <span role="alert" className={controls.hintError}>
              {save.error.message}
            </span>
          )}
        </form>
      ) : (
        <>
          <span className={styles.rowMain}>
            {tax.description} {Money.formatTrimmed(tax.tax_rate, 0, 4)}%
          </span>
          <button type="button" className={controls.ghost} onClick={() => setEditing(true)}>
            {m.edit}
          </button>
        </>
      )}
      <button type="button" className={controls.button} onClick={onArchive}>
        {tax.archive_id === 2 ? m.restore : m.archive}
      </button>
    </li>
  )
}
