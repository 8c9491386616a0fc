/** The pages of sections built by later work, one export per route (see `router.tsx`). */
import { useMessages } from "../page/useMessages.ts"
import { SectionPage } from "./SectionPage.tsx"

/** /contacts */
export const contacts = () => <SectionPage title={useMessages().contacts} />
/** /content/templates */
export const templatesAndItems = () => <SectionPage title={useMessages().templatesAndItems} />
/** /settings */
export const accountSettings = () => <SectionPage title={useMessages().accountSettings} />
/** /settings/personal */
export const personalSettings = () => <SectionPage title={useMessages().personalSettings} />
