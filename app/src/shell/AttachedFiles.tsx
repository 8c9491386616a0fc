/**
 * The files attached to something being written (a reusable item, a comment): each a link to the file and a
 * 'Remove' button; nothing at all while there are none.
 */

import styles from "../contacts/Records.module.css"
import { useMessages } from "../page/useMessages.ts"
import controls from "../theme/Controls.module.css"

/** What the list shows of a file. */
export interface AttachedFile {
  readonly file_id: number
  readonly name: string
  readonly url: string
}

/** The attached files, labelled `label`; `onRemove` is told which one to let go. */
export const AttachedFiles = ({
  files,
  label,
  onRemove
}: {
  readonly files: ReadonlyArray<AttachedFile>
  readonly label: string
  readonly onRemove: (file_id: number) => void
}) => {
  const m = useMessages()
  if (files.length === 0) return null
  return (
    <ul className={styles.rows} aria-label={label}>
      {files.map((f) => (
        <li key={f.file_id} className={styles.row}>
          <a href={f.url} className={styles.rowMain}>
            {f.name}
          </a>
          <button type="button" className={controls.ghost} onClick={() => onRemove(f.file_id)}>
            {m.remove}
          </button>
        </li>
      ))}
    </ul>
  )
}
