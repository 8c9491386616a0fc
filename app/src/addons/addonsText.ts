/**
 * The texts of Settings → Add-ons (with the API-token connect form and the CRM and Mailchimp options), its
 * OAuth callback page and the tax mapping screen that the core does not have. The add-ons' names, summaries, state labels, audit labels and the server's answers come from
 * `@quotekit/core/AddOn` (`all`, `stateLabels`, `auditLabels`, `messages`); generic texts ('Save', 'Cancel',
 * 'Are you sure?') from the catalogue. Each text here belongs in `core/src/Message.ts` once the core takes it.
 */
export const addonsText = {
  addOns: "Add-ons",
  hint:
    "Every add-on by its id: what it does and whether it is on for this account. Accounting add-ons connect to " +
    "your own Xero or QuickBooks organisation; invoices of accepted quotes are then created there. CRM add-ons " +
    "find your Highrise, Capsule or Insightly contacts while you write a quote; Mailchimp adds customers who " +
    "agreed to marketing email to an audience.",
  addOnId: (id: number) => `Add-on ${id}`,
  enabled: (name: string) => `${name} on`,
  connect: "Connect",
  connecting: "Opening the consent page…",
  reconnect: "Connect again",
  disconnect: "Disconnect",
  disconnectConfirm: (name: string, org: string) =>
    `Disconnect ${name}${org === "" ? "" : ` from ${org}`}? New invoices will not be created there. Invoices ` +
    "already created there stay there, and their history stays here.",
  disconnectCrmConfirm: (name: string) =>
    `Disconnect ${name}? The quote editor will stop finding its contacts and no more notes will be written there. ` +
    "Contacts already linked stay linked.",
  disconnectMarketingConfirm: (name: string, audience: string) =>
    `Disconnect ${name}${audience === "" ? "" : ` from ${audience}`}? No more customers will be added there. ` +
    "Those already added stay there.",
  connectedTo: (org: string) => `Connected to ${org}`,
  connectedBy: (who: string) => `by ${who}`,
  disconnected: "Disconnected",
  historyKept: "Its invoices' history is kept.",
  crmHistoryKept: "Contacts already linked stay linked.",
  availableToConnect: "Available to connect",
  notSetUpHint: (guide: string) =>
    `The server's administrator sets it up with the client id and secret of an app registered with the service (see ${guide}).`,
  notSetUpTokenHint: (guide: string) => `The server's administrator has not made it available here (see ${guide}).`,
  lastError: "What the add-on said",
  taxMapping: "Tax mapping",
  guide: (guide: string) => `Guide: ${guide}`,
  organisation: "Organisation",
  useOrganisation: "Use this organisation",
  useAudience: "Use this audience",
  apiToken: "API token",
  site: (name: string) => (name === "Highrise" ? "Highrise address" : "Insightly pod"),
  tokenHint: (name: string) =>
    name === "Highrise"
      ? "In Highrise: Account & settings → My info → API token."
      : "In Insightly: User Settings → API (the API key).",
  siteHint: (name: string) =>
    name === "Highrise"
      ? "The address you open Highrise at, for example https://acme.highrisehq.com."
      : "The pod in your Insightly API address, for example na1 (from https://api.na1.insightly.com).",
  connectWithToken: (name: string) => `Connect ${name}`,
  checkingToken: "Checking the token…",
  options: "Options",
  pushNotes: (name: string) => `Add a note to the contact in ${name} when a quote is sent or accepted`,
  tags: "Tags",
  tagsHint: "Separated by commas; everyone added gets them. At most 10.",
  includeLeads: "Also add leads who agreed to marketing email",
  saveOptions: "Save options",
  choosing: "Saving…",
  audit: "Audit",
  auditCaption: "Who connected, disconnected or changed add-ons, newest first",
  noAudit: "Nothing changed yet.",
  when: "When",
  addOn: "Add-on",
  action: "Action",
  who: "Who",
  detail: "Detail",
  older: "Older",
  newer: "Newer",
  callbackTitle: "Connecting an add-on",
  callbackWorking: "Finishing the connection…",
  backToAddOns: "Back to Add-ons",
  taxTitle: (name: string) => `${name}: tax mapping`,
  taxPageHint: "How the invoices created in an accounting add-on name their taxes, and which account they post to.",
  taxHint: (name: string, org: string) =>
    `Which of ${org}'s tax rates each of your taxes becomes on invoice lines created in ${name}. A tax left ` +
    `unmapped uses ${name}'s own choice for the line.`,
  ourTax: "Our tax",
  ourRate: "Rate",
  theirTax: (name: string) => `${name} tax rate`,
  unmapped: "Not mapped",
  noTaxes: "This account has no taxes yet: add them under Templates & Items.",
  accountCode: "Revenue account code",
  accountCodeHint: (name: string) =>
    `The revenue account invoice lines are posted to in ${name} (its code or number). Leave it empty to use ${name}'s default.`,
  mappingSaved: "Tax mapping saved."
} as const
