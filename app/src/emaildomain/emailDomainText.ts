/**
 * The texts of Settings → Email domain that the core's `EmailDomain.messages` does not have (the server's
 * answers and the rules' messages come from there).
 */
export const emailDomainText = {
  title: "Email domain",
  hint:
    "Send this account's emails (quotes, invoices, follow-ups, invitations) from your own address, through your " +
    "own mail server if you like, signed for your domain so they reach inboxes rather than spam folders.",
  settings: "Sender and mail server",
  enabled: "Send this account's emails with these settings",
  senderName: "Sender name",
  senderNameHint: "The name your customers see, e.g. your business name.",
  senderEmail: "Sender email address",
  senderEmailHint: "An address on your own domain, e.g. quotes@yourcompany.com.",
  relay: "Mail server",
  relayServer: "This quotekit server's",
  relayOwn: "Our own SMTP server",
  host: "SMTP host",
  port: "Port",
  security: "Security",
  securityLabels: { starttls: "STARTTLS (587)", tls: "TLS (465)", none: "None (private network only)" },
  username: "User name",
  password: "Password",
  passwordSaved: "Saved; leave empty to keep it",
  save: "Save",
  saving: "Saving…",
  saved: "Saved.",
  remove: "Remove email domain",
  removeConfirm:
    "The sender, the mail server and the signing key are removed; your emails go out from this server's address again. A DKIM record you published stops being used.",
  sendTest: "Send test email",
  sending: "Sending…",
  records: "DNS records to publish",
  recordsHint:
    "Add these TXT records at your domain's DNS host. Your address is used as the sender once the DKIM record is found; SPF and DMARC help your emails reach inboxes.",
  kind: { spf: "SPF", dkim: "DKIM", dmarc: "DMARC" },
  type: "Type",
  name: "Name",
  value: "Value",
  status: "Status",
  found: (text: string) => `Found: ${text}`,
  states: { verified: "Verified", different: "Different", "not-found": "Not found", unchecked: "Not checked" },
  checkAgain: "Check again",
  checking: "Checking…",
  lastChecked: (when: string) => `Last checked ${when}.`,
  neverChecked: "Not checked yet.",
  serverLogOnly: "This server has no mail server of its own: its emails are only written to its log.",
  off: (serverFrom: string) =>
    `Off: the account's emails go out from ${serverFrom}. Tick the box above and save to use these settings.`,
  selector: (selector: string) => `DKIM selector: ${selector}`
} as const
