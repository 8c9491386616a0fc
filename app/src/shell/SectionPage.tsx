/** A section whose screens come with later work (contacts, templates, settings): its title and a notice. */
import { useMessages } from "../page/useMessages.ts"
import { usePageTitle } from "../page/usePageTitle.ts"
import controls from "../theme/Controls.module.css"
import page from "./Page.module.css"

/** The page of a section not built yet. */
export const SectionPage = ({ title }: { readonly title: string }) => {
  const m = useMessages()
  usePageTitle(title)
  return (
    <div className={page.page}>
      <h1 className={page.heading}>{title}</h1>
      <section className={controls.card}>
        <p className={page.empty}>{m.notAvailableNow}</p>
      </section>
    </div>
  )
}
