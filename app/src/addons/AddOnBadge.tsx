/**
 * The mark on a contact found in a CRM add-on rather than among the account's own: the add-on's name in a small
 * pill ('Capsule'), beside the result in the quote editor's contact search.
 *
 * @example
 * <AddOnBadge name="Capsule" addOnId={3} />
 *
 * @since 0.5.0
 */
import styles from "./AddOnBadge.module.css"

/** The badge of add-on `addOnId`, named `name`. */
export const AddOnBadge = ({ name, addOnId }: { readonly name: string; readonly addOnId: number }) => (
  <span className={styles.badge} data-addon-badge={addOnId}>
    {name}
  </span>
)
