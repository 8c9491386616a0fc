/**
 * The texts of Settings → Shared accounts that the core's `SharedAccount.messages` does not have (the server's
 * refusals come from there).
 */
export const sharedAccountsText = {
  title: "Shared accounts",
  /** The sticker of a template or item shared from another account. */
  shared: "Shared",
  hint:
    "Share this account's templates and items with other accounts (branches, franchisees), or use another " +
    "account's. Shared templates and items show in the other account marked as shared and can't be changed there.",
  shareTitle: "Share this account's templates and items",
  shareHint: "Make a link code and give it to the other account's admin. It works once, for 24 hours.",
  makeCode: "Make a link code",
  newCode: "Link code",
  codeShownOnce: "Copy this code now: it won't be shown again.",
  copyCode: "Copy code",
  useTitle: "Use another account's templates and items",
  codeLabel: "Link code from the other account",
  link: "Link accounts",
  links: "Links",
  noLinks: "No shared account links yet.",
  waiting: "Code waiting to be entered",
  sharingWith: (name: string) => `Sharing with ${name}`,
  usingFrom: (name: string) => `Using content shared by ${name}`,
  status: { pending: "Pending", active: "Active", stopped: "Stopped" },
  started: (who: string) => `Started by ${who}`,
  stopped: (who: string) => `Stopped by ${who}`,
  stop: "Stop sharing",
  stopConfirm:
    "Stop this link? Shared templates and items in use are kept as the using account's own; the rest are removed."
} as const
