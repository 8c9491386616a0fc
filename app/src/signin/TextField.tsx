/** A labelled text input of a form, highlighted when the last submit named it in its form errors. */
import { useId } from "react"
import controls from "../theme/Controls.module.css"

/** One labelled input. */
export const TextField = ({
  name,
  label,
  type = "text",
  autoComplete,
  invalid,
  defaultValue,
  autoFocus
}: {
  readonly name: string
  readonly label: string
  readonly type?: "text" | "email" | "password"
  readonly autoComplete: string
  readonly invalid: ReadonlySet<string>
  readonly defaultValue?: string
  readonly autoFocus?: boolean
}) => {
  const id = useId()
  return (
    <div className={controls.field}>
      <label htmlFor={id} className={controls.label}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        required
        autoComplete={autoComplete}
        aria-invalid={invalid.has(name) ? true : undefined}
        className={controls.input}
        defaultValue={defaultValue}
        // biome-ignore lint/a11y/noAutofocus: the first field of a sign-in form is where every visitor starts typing
        autoFocus={autoFocus}
      />
    </div>
  )
}
