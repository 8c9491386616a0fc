/** Sets the document title: the page's own title with the product name appended ("Quotes · quotekit"). */
import { useEffect } from "react"
import { shellText } from "../shell/shellText.ts"
import { useTexts } from "./useTexts.ts"

/** Keep `document.title` in step with a page's title while the page is shown. */
export const usePageTitle = (title: string): void => {
  const m = useTexts(shellText)
  useEffect(() => {
    document.title = m.pageTitle(title)
  }, [m, title])
}
