/**
 * The texts of Settings → Webhooks that the core's message catalogue does not have (the event names come from
 * `Webhook.eventLabels`). Generic ones ('Copied!', 'Close', 'Cancel', 'Are you sure?') are read from the
 * catalogue; each text here belongs in `core/src/Message.ts` once the core takes it.
 */
export const webhooksText = {
  webhooks: "Webhooks",
  hint:
    "Send this account's events to your own systems: each event is an HTTPS POST of JSON to the endpoints that " +
    "want it, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature) with the endpoint's " +
    "secret, and retried for 24 hours until your endpoint answers 2xx.",
  addEndpoint: "Add endpoint",
  adding: "Adding…",
  url: "Endpoint URL",
  urlHint: "Where the events are posted, e.g. https://example.com/quotekit/webhooks",
  description: "Description",
  events: "Events",
  noEvents: "Choose at least one event.",
  newSecret: (url: string) => `Signing secret of ${url}`,
  secretShownOnce:
    "Copy this secret now and keep it with your receiver: it verifies each delivery's signature and will not be shown again.",
  copySecret: "Copy secret",
  endpoints: "Endpoints",
  noEndpoints: "No endpoints yet.",
  on: "On",
  off: "Off",
  turnedOff: (reason: string) => `Turned off: ${reason}`,
  failingSince: (when: string) => `Failing since ${when}`,
  enabled: "Enabled",
  sendTest: "Send test",
  testSent: "Test sent: it shows in the delivery log in a moment.",
  rotateSecret: "Rotate secret",
  rotateConfirm: (url: string) =>
    `A new signing secret replaces the current one of ${url} at once; deliveries signed with the old one stop verifying.`,
  deleteEndpoint: "Delete",
  deleteConfirm: (url: string) => `Delete ${url}? Its delivery log goes with it, and no more events are sent to it.`,
  showLog: "Delivery log",
  hideLog: "Hide delivery log",
  logCaption: (url: string) => `Deliveries to ${url}, newest first`,
  noDeliveries: "Nothing delivered yet.",
  time: "Time",
  event: "Event",
  status: "Status",
  duration: "Duration",
  attempt: "Attempt",
  response: "Response",
  replay: "Replay",
  replayed: "Queued again.",
  delivered: "delivered",
  failed: "failed",
  nextTry: (when: string) => `next try ${when}`,
  noAnswer: "no answer",
  ms: (n: number) => `${n} ms`,
  older: "Older",
  newer: "Newer"
} as const
