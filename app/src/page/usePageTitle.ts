/** Sets the document title: the page's own title with the product name appended ("Quotes · quotekit"). */
import { useEffect } from "react"
import { useMessages } from "./useMessages.ts"

/** Keep `document.title` in step with a page's title while the page is shown. */
export const usePageTitle = (title: string): void => {
  const m = useMessages()
  useEffect(() => {
    document.title = m.pageTitle(title)
  }, [m, title])
}
