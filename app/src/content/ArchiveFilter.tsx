/** The Current / Archived / Deleted filter of the content lists (core `ContentArchive.states`). */
import * as ContentArchive from "@quotekit/core/ContentArchive"
import styles from "../contacts/Records.module.css"
import { useMessages } from "../page/useMessages.ts"

/** The filter buttons. */
export const ArchiveFilter = ({
  value,
  onChange
}: {
  readonly value: ContentArchive.ContentState
  readonly onChange: (state: ContentArchive.ContentState) => void
}) => {
  const m = useMessages()
  const label = { current: m.current, archived: m.archived, deleted: m.deleted } as const
  return (
    <fieldset className={styles.filters} aria-label={m.archived}>
      {ContentArchive.states.map((s) => (
        <button key={s} type="button" className={styles.filter} aria-pressed={value === s} onClick={() => onChange(s)}>
          {label[s]}
        </button>
      ))}
    </fieldset>
  )
}
