/**
 * A form's error banner: the server's message and every form error it listed; inputs named in the list are
 * highlighted (`aria-invalid`) through `invalidFields`.
 */
import { isFailure } from "../api/client.ts"
import styles from "../shell/Banner.module.css"
import { RequestErrorText } from "../shell/LoadFailure.tsx"

/** The inputs a failure highlights, by wire name (`email`, `password`...). */
export const invalidFields = (error: unknown): ReadonlySet<string> =>
  new Set(isFailure(error) ? error.formErrors.filter((e) => e.highlight).map((e) => e.input_id) : [])

/** The banner for a failed submit; nothing when there is no error. */
export const FormBanner = ({ error }: { readonly error: unknown }) => {
  if (error === null || error === undefined) return null
  if (!isFailure(error) || error.kind === "network" || error.kind === "server") {
    return (
      <div className={styles.error} role="alert">
        <div>
          <RequestErrorText error={error} />
        </div>
      </div>
    )
  }
  const extra = error.formErrors.map((e) => e.message).filter((text) => text !== error.message)
  return (
    <div className={styles.error} role="alert">
      <div>
        <p className={styles.title}>{error.message}</p>
        {extra.length > 0 && (
          <ul className={styles.list}>
            {extra.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}
