/**
 * The texts the CRM and marketing add-ons add to the team app outside Settings → Add-ons: the quote editor's
 * contact search and the contact form's company search marking a CRM result with its add-on, and the contact's
 * agreement to marketing email (which Mailchimp reads). The server's answers (a CRM that did not answer, an
 * expired result) come from `@quotekit/core/AddOn` `messages`. Each text here belongs in `core/src/Message.ts`
 * once the core takes it.
 *
 * @example
 * import { crmText } from "../addons/crmText.ts"
 * crmText.inAddOn("Acme Ltd", "Capsule") // "Acme Ltd (in Capsule)"
 *
 * @since 0.5.0
 */
export const crmText = {
  /** A CRM result in a list that shows text only (the company combobox). */
  inAddOn: (name: string, addOn: string) => `${name} (in ${addOn})`,
  linking: "Adding…",
  marketingOptIn: "Agrees to marketing email"
} as const
