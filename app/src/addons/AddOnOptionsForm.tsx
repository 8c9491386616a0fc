/**
 * The options of a connected CRM or Mailchimp, under its connection on Settings → Add-ons: a CRM's note on the
 * linked record when a quote is sent or accepted; Mailchimp's tags (typed comma-separated, at most 10 of at most
 * 100 characters, said on the field before anything is sent) and whether leads who agreed to marketing email are
 * added too. Save posts every option (`POST /post/add-on-options/{id}`; those the add-on does not use are sent as
 * they were) and says 'Options saved.'. Only an admin may change them: for others the form is disabled.
 *
 * @example
 * {addon.options !== null && <AddOnOptionsForm addon={addon} options={addon.options} canChange={canChange} />}
 *
 * @since 0.5.0
 */
import * as AddOn from "@quotekit/core/AddOn"
import type * as AddOnsApi from "@quotekit/core/api/AddOnsApi"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useId, useState } from "react"
import { useApi } from "../api/client.ts"
import { fieldErrors } from "../contacts/fieldErrors.ts"
import records from "../contacts/Records.module.css"
import { useMessages } from "../page/useMessages.ts"
import controls from "../theme/Controls.module.css"
import styles from "./AddOns.module.css"
import { readTags, showTags } from "./addOnOptions.ts"
import { addonsText as t } from "./addonsText.ts"
import { addOnsKey } from "./useAddOns.ts"

/** The options form of `addon`, starting from `options` as stored. */
export const AddOnOptionsForm = ({
  addon,
  options,
  canChange
}: {
  readonly addon: AddOnsApi.AddOnView
  readonly options: AddOn.Options
  readonly canChange: boolean
}) => {
  const api = useApi()
  const m = useMessages()
  const queryClient = useQueryClient()
  const id = useId()
  const marketing = addon.id === AddOn.MAILCHIMP
  const [pushNotes, setPushNotes] = useState(options.push_notes)
  const [tagsText, setTagsText] = useState(() => showTags(options.tags))
  const [includeLeads, setIncludeLeads] = useState(options.include_leads)
  const [tried, setTried] = useState(false)
  const save = useMutation({
    mutationFn: (payload: AddOn.Options) =>
      api.call((c) => c.addons.saveOptions({ params: { addon_id: addon.id }, payload })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: addOnsKey })
  })
  const tags = readTags(tagsText)
  const served = fieldErrors(save.error)
  const tagsError = (tried ? tags.error : undefined) ?? served.get("tags")
  const general = save.isError && !served.has("tags") ? save.error.message : undefined
  const changed = () => {
    if (save.isSuccess || save.isError) save.reset()
  }
  return (
    <form
      className={`${styles.picker} ${styles.options}`}
      noValidate
      data-options-form={addon.id}
      onSubmit={(e) => {
        e.preventDefault()
        setTried(true)
        if ((marketing && tags.error !== undefined) || save.isPending) return
        save.mutate({
          push_notes: pushNotes,
          tags: marketing ? tags.tags : options.tags,
          include_leads: includeLeads
        })
      }}
    >
      <fieldset className={styles.fields} disabled={!canChange}>
        <legend className={controls.label}>{t.options}</legend>
        {marketing ? (
          <>
            <div className={controls.field}>
              <label className={controls.label} htmlFor={`${id}-tags`}>
                {t.tags}
              </label>
              <input
                id={`${id}-tags`}
                name="tags"
                className={controls.input}
                value={tagsText}
                aria-invalid={tagsError !== undefined}
                aria-describedby={`${id}-tags-hint`}
                disabled={!canChange}
                onChange={(e) => {
                  setTagsText(e.currentTarget.value)
                  changed()
                }}
              />
              <span id={`${id}-tags-hint`} className={tagsError === undefined ? controls.hint : controls.hintError}>
                {tagsError ?? t.tagsHint}
              </span>
            </div>
            <label className={controls.checkbox}>
              <input
                type="checkbox"
                name="include_leads"
                checked={includeLeads}
                disabled={!canChange}
                onChange={(e) => {
                  setIncludeLeads(e.currentTarget.checked)
                  changed()
                }}
              />
              <span>{t.includeLeads}</span>
            </label>
          </>
        ) : (
          <label className={controls.checkbox}>
            <input
              type="checkbox"
              name="push_notes"
              checked={pushNotes}
              disabled={!canChange}
              onChange={(e) => {
                setPushNotes(e.currentTarget.checked)
                changed()
              }}
            />
            <span>{t.pushNotes(addon.name)}</span>
          </label>
        )}
      </fieldset>
      {general !== undefined && (
        <p role="alert" className={controls.hintError}>
          {general}
        </p>
      )}
      {save.isSuccess && (
        <p role="status" className={records.notice}>
          {AddOn.messages.optionsSaved}
        </p>
      )}
      <div>
        <button type="submit" className={controls.button} disabled={!canChange || save.isPending}>
          {save.isPending ? m.saving : t.saveOptions}
        </button>
      </div>
    </form>
  )
}
