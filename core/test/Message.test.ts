import { assert, describe, it } from "@effect/vitest"
import * as CardMessage from "../src/CardMessage.ts"
import * as Message from "../src/Message.ts"

const c = Message.catalogue
// The card texts live apart (`CardMessage`) so the customer page loads them only with its deposit panel.
const texts: ReadonlyArray<readonly [string, string]> = Object.entries({
  ...(c as Record<string, unknown>),
  ...CardMessage
}).flatMap(([k, v]) => (typeof v === "string" ? [[k, v] as const] : []))

/** Every plain text the two specs quote, exactly as written there. */
const specTexts = [
  // quotes-and-customers.md
  "Quotes",
  "Quote Title, Number or Contact…",
  "Could not find that quote?",
  "Create Contact",
  "Cancel",
  "Select a winner of the merge",
  "Cancel Merge",
  "Confirm this will be the Winner",
  "Confirm Merge",
  "Untitled",
  "This is a new Template.",
  "This is a copy of the Quote.",
  "This is a copy of the Template.",
  "Here’s a draft quote based on the example.",
  "From",
  "All Team Members",
  "Unopened",
  "All",
  "Active",
  "Waiting",
  "Complete",
  "Dismissed",
  "Draft",
  "Sent",
  "Accepted",
  "Declined",
  "Expired",
  "Withdrawn",
  "Editing",
  "Leave without saving",
  "Continue editing…",
  "Copy and Edit as New",
  "Revert to Linked Item",
  "Undo Changes?",
  "Really?",
  "Stop Email",
  "The expiry date is in the past, it must be some time in the future.",
  "This date is in the future",
  "You've reached the limit of 10 contacts",
  "Choose a time in the future.",
  "Sign to accept",
  "Check the box to accept",
  "You can add comments once the quote has been sent.",
  "Questions and answers are closed for Withdrawn quotes.",
  "Not available right now.",
  "Continue to Save",
  "Could not load results.",
  "No results found.",
  "No activity yet.",
  "Was not expecting that response from the server?",
  "Please try again later.",
  "If you have made any changes without clicking the Save button, your changes will be lost.  Are you sure you want to exit this page?",
  "You have unsaved changes:",
  "Not Sent",
  "Not Added",
  "Draw",
  "Type",
  "Sign from a touch device",
  "Today 1 PM",
  "Tomorrow 8 AM",
  "Monday 8 AM",
  // invoicing-and-platform.md
  "Not Found",
  "The page you requested was not found.",
  "Dashboard",
  "Contacts",
  "Templates & Items",
  "Account Settings",
  "Personal Settings",
  "Help & Support",
  "Sign Out",
  "Reviews",
  "Leads",
  "Overview",
  "All Activity",
  "Settings",
  "Settings applied",
  "Versions",
  "Hide",
  "View Quotes",
  "No people here",
  "Add person",
  "People",
  "Companies",
  "Edit",
  "Save",
  "See where used…",
  "Change Photo",
  "Upload a Photo",
  "Next",
  "Download",
  "Close",
  "Restore to Ready",
  "Syncing",
  "Show Issue",
  "Hide Issue",
  "Never created",
  "Add or Credit Items",
  "Mark as Sent",
  "Delete",
  "Accept on behalf",
  "Decline",
  "Send Follow-up",
  "Reset expiry",
  "Undo Acceptance",
  "Undo Declined",
  "Undo Withdrawn",
  "Withdraw",
  "Restore to Draft",
  "Copy to New Quote",
  "Copy to Template",
  "Okay to Save?",
  "Okay to Save first?",
  "Complete & Invoice",
  "Dismiss",
  "Default for New Quotes",
  "Archived",
  "Copy to New Template",
  "Are you sure?",
  "Restore Template",
  "Deleted",
  "Preparing deposit invoice",
  "Pay Deposit",
  "The deposit invoice isn't ready yet, please check back here shortly.",
  "You will receive a deposit invoice shortly.",
  "Not sent, email stopped",
  "Payment processing?",
  "Payment details required.",
  "Failed to process payment details.",
  "That looks quite light, something darker will work better here.",
  "That looks quite dark, something lighter will work better here.",
  "Connect to Xero or QuickBooks to create invoices.",
  "There was a problem loading",
  "Try Again",
  "Page not found",
  "There was an error",
  "Please check you have an internet connection or try again later",
  "Could not upload file.",
  "File does not look like an image.",
  "That file is too large, the limit it 60mb.",
  "Could not upload file, files must be no larger than 60mb?",
  "Cancelled upload.",
  "Could not upload file for some reason.",
  "Could not upload file at this time. Perhaps try again later.",
  "We had a hiccup there, try refreshing the page and try again.",
  "That's odd, could not load the next page. You could try clearing your browser cache.",
  "Failed to connect to Stripe.",
  "Unknown action.",
  "Stripe not loaded?",
  "Setup intent missing?",
  "Could not find payment form",
  "Please try again or contact Support if this message persists.",
  "Going offline…",
  "Now offline for non-genius.",
  "Maximum Adjustments Reached: You have reached the maximum of 20 adjustments.",
  "This is just a preview",
  "Copied!",
  "not found in data",
  "CSV file size is larger than 10MB.",
  "Already submitted",
  "just now"
]

/** The keys the catalogue started with; other modules use them, so they must stay. */
const seedKeys = [
  "quoteNotFound",
  "contactsLimit",
  "expiryInPast",
  "sentDateInFuture",
  "chooseFutureTime",
  "commentEmpty",
  "adjustmentLimitWarning",
  "adjustmentLimitReached"
]

describe("Message catalogue", () => {
  it("holds every plain text of the specs, exactly", () => {
    const values = new Set(texts.map(([, v]) => v))
    const missing = specTexts.filter((t) => !values.has(t))
    assert.deepStrictEqual(missing, [])
  })

  it("has no text twice", () => {
    const seen = new Map<string, string>()
    const dups: Array<string> = []
    for (const [k, v] of texts) {
      if (seen.has(v)) dups.push(`${seen.get(v)} and ${k}: ${v}`)
      seen.set(v, k)
    }
    assert.deepStrictEqual(dups, [])
  })

  it("texts are non-empty and carry no stray white space at either end", () => {
    for (const [k, v] of texts) assert.isTrue(v.length > 0 && v === v.trim(), k)
  })

  it("is built from the named exports: every key is an export holding the same message", () => {
    const exports = Message as unknown as Record<string, unknown>
    const missing = Object.keys(c).filter((k) => exports[k] !== (c as Record<string, unknown>)[k])
    assert.deepStrictEqual(missing, [])
    assert.strictEqual(Message.signDraw, "Draw")
    assert.strictEqual(Message.delete, "Delete")
  })

  it("gathers every message export", () => {
    const messages = Object.entries(Message as unknown as Record<string, unknown>).filter(
      ([k, v]) => k !== "catalogue" && (typeof v === "string" || typeof v === "function")
    )
    const left = messages.filter(([k]) => !Object.hasOwn(c, k)).map(([k]) => k)
    assert.deepStrictEqual(left, [])
  })

  it("keeps the seed keys", () => {
    for (const k of seedKeys) assert.isTrue(Object.hasOwn(c, k), k)
  })

  it("parameterised texts match the spec", () => {
    assert.strictEqual(c.commentEmpty("Question"), "Your Question is empty?")
    assert.strictEqual(c.commentEmpty("Note"), "Your Note is empty?")
    assert.strictEqual(
      c.fileTooLarge("site plan.pdf", "151.3"),
      'File "site plan.pdf" is too large at 151.3MB (must be < 150MB).'
    )
    assert.strictEqual(
      c.saveConflict("Ann", "5 minutes ago", false),
      "Saving will replace changes made by Ann 5 minutes ago."
    )
    const versioned = c.saveConflict("Ann", "5 minutes ago", true)
    assert.isTrue(versioned.startsWith("Saving will replace changes made by Ann 5 minutes ago"))
    assert.include(versioned, "the updates won't be lost, they'll be preserved in a version under All Activity")
    assert.strictEqual(
      c.offlineSoon("5 minutes"),
      "We are about to go offline in 5 minutes. Please save what you are doing."
    )
    assert.strictEqual(
      c.adjustmentLimitWarning(3),
      "Adjustment Limit Warning: You have 3 adjustment(s) remaining before reaching the maximum of 20 adjustments."
    )
    assert.strictEqual(c.editingTitle("Deck"), "Editing: Deck")
    assert.strictEqual(c.draftTitle(""), "Draft: Untitled")
    assert.strictEqual(c.templateTitle("  "), "Template: Untitled")
    assert.strictEqual(c.linkedItemsMatched(1), "1 Linked Item was matched.")
    assert.strictEqual(c.linkedItemsMatched(4), "4 Linked Items were matched.")
    assert.strictEqual(c.emailingIn(42), "Emailing in 42…")
    assert.strictEqual(c.featuredNeeded(2), "You need 2 more Featured")
    assert.strictEqual(c.peopleCount(1), "1 person")
    assert.strictEqual(c.peopleCount(3), "3 people")
    assert.strictEqual(c.updateTemplates(3), "Update 3 Templates")
    assert.strictEqual(c.changesApplyToTemplates(3), "Changes will be applied to 3 Template(s)")
  })
})
