/**
 * 'Viewing as You' / 'Viewing as Customer': which preview of a quote shows (as the quote stands, or as its
 * customer sees it with preview type 1). Two pressed-state buttons in a labelled group.
 */
import { useMessages } from "../page/useMessages.ts"
import controls from "../theme/Controls.module.css"

/** The toggle; `className` lays the group out where it stands. */
export const ViewingAsToggle = ({
  asCustomer,
  onChange,
  className
}: {
  readonly asCustomer: boolean
  readonly onChange: (asCustomer: boolean) => void
  readonly className?: string | undefined
}) => {
  const m = useMessages()
  return (
    <fieldset aria-label={m.viewingAsCustomer} className={className}>
      <button
        type="button"
        className={asCustomer ? controls.button : controls.primary}
        aria-pressed={!asCustomer}
        onClick={() => onChange(false)}
      >
        {m.viewingAsYou}
      </button>
      <button
        type="button"
        className={asCustomer ? controls.primary : controls.button}
        aria-pressed={asCustomer}
        onClick={() => onChange(true)}
      >
        {m.viewingAsCustomer}
      </button>
    </fieldset>
  )
}
