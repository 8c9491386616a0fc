/**
 * What a route shows when it fails to load: a code chunk that cannot be fetched ('That's odd, could not load the
 * next page…', retried by reloading), or the load failure banner with 'Try Again'.
 */
import { type ErrorComponentProps, useRouter } from "@tanstack/react-router"
import { useTexts } from "../page/useTexts.ts"
import controls from "../theme/Controls.module.css"
import styles from "./Banner.module.css"
import { LoadFailure } from "./LoadFailure.tsx"
import page from "./Page.module.css"
import { shellText } from "./shellText.ts"

const isChunkFailure = (error: unknown): boolean =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|error loading dynamically|ChunkLoadError/i.test(
    `${error.name} ${error.message}`
  )

/** The router's error component. */
export const RouteError = ({ error, reset }: ErrorComponentProps) => {
  const m = useTexts(shellText)
  const router = useRouter()
  if (isChunkFailure(error)) {
    return (
      <div className={page.page}>
        <div className={styles.error} role="alert">
          <p className={styles.detail}>{m.chunkLoadFailed}</p>
          <button type="button" className={controls.button} onClick={() => window.location.reload()}>
            {m.tryAgain}
          </button>
        </div>
      </div>
    )
  }
  return (
    <div className={page.page}>
      <LoadFailure
        error={error}
        onRetry={() => {
          reset()
          void router.invalidate()
        }}
      />
    </div>
  )
}
