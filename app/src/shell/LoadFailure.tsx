/**
 * The load failure banner: 'There was a problem loading', what went wrong ('Page not found', or 'There was an
 * error' with the connection advice) and 'Try Again'.
 */
import { isFailure } from "../api/client.ts"
import { useTexts } from "../page/useTexts.ts"
import controls from "../theme/Controls.module.css"
import styles from "./Banner.module.css"
import { shellText } from "./shellText.ts"

/** The lines a request error shows: 'Page not found', or 'There was an error' plus the connection advice. */
export const RequestErrorText = ({ error }: { readonly error: unknown }) => {
  const m = useTexts(shellText)
  if (isFailure(error, "notFound")) return <p className={styles.detail}>{m.pageNotFound}</p>
  return (
    <>
      <p className={styles.detail}>{m.requestError}</p>
      <p className={styles.detail}>{m.checkConnection}</p>
    </>
  )
}

/** A failed load, with a retry. */
export const LoadFailure = ({ error, onRetry }: { readonly error: unknown; readonly onRetry: () => void }) => {
  const m = useTexts(shellText)
  return (
    <div className={styles.error} role="alert">
      <div>
        <p className={styles.title}>{m.loadFailed}</p>
        <RequestErrorText error={error} />
      </div>
      <button type="button" className={controls.button} onClick={onRetry}>
        {m.tryAgain}
      </button>
    </div>
  )
}
