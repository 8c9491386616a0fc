/**
 * Notifications over HTTP (add-on 9; rules and texts in `Notification`): the signed-in member's own list (newest
 * first, with the unread count the bell shows), marking read, their notification settings, and watching a quote.
 * Everything is the member's own within the chosen account: no member reads or changes another's.
 *
 * New notifications reach an open app as a `notification` event on the account room (naming the members it is
 * for), after which the app reads the list again.
 *
 * @since 0.5.0
 */
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import * as Notification from "../Notification.ts"
import { NotFound } from "./ApiError.ts"
import { IntFromString } from "./QuotesApi.ts"
import { AccountChosen, SignedIn } from "./Security.ts"

/** Most notifications one list answers. */
export const LIST_LIMIT = 50

/** The member's latest notifications and how many are unread. */
export const List = Schema.Struct({ items: Schema.Array(Notification.Item), unread: Schema.Int })
/** The member's latest notifications. */
export type List = typeof List.Type

/** Which notifications to mark read: the ones named, or every one when `ids` is absent. */
export const MarkRead = Schema.Struct({
  ids: Schema.optionalKey(Schema.Array(Schema.Int.check(Schema.isGreaterThan(0))).check(Schema.isMaxLength(500)))
})

/** Whether the member watches a quote. */
export const Watching = Schema.Struct({ watching: Schema.Boolean })
/** Whether the member watches a quote. */
export type Watching = typeof Watching.Type

const QuoteIdParam = { quote_id: IntFromString.check(Schema.isBetween({ minimum: 1, maximum: 2_147_483_647 })) }

/** The notifications group; every endpoint needs a signed-in member with a chosen account. */
export class NotificationsApi extends HttpApiGroup.make("notifications")
  .add(
    HttpApiEndpoint.get("list", "/notifications", { success: List }),
    HttpApiEndpoint.post("markRead", "/notifications/read", { payload: MarkRead, success: List }),
    HttpApiEndpoint.get("settings", "/notifications/settings", { success: Notification.Preferences }),
    HttpApiEndpoint.post("saveSettings", "/notifications/settings", {
      payload: Notification.Preferences,
      success: Notification.Preferences
    }),
    HttpApiEndpoint.get("watching", "/notifications/watch/:quote_id", {
      params: QuoteIdParam,
      success: Watching,
      error: NotFound
    }),
    HttpApiEndpoint.post("watch", "/notifications/watch/:quote_id", {
      params: QuoteIdParam,
      payload: Watching,
      success: Watching,
      error: NotFound
    })
  )
  .middleware(AccountChosen)
  .middleware(SignedIn)
  .annotateMerge(
    OpenApi.annotations({
      title: "Notifications",
      description:
        "A member's notifications (customers opening, asking about, accepting or declining quotes; mentions), " +
        "their settings (which events, email or in the app, at once or in a daily digest) and the quotes they watch."
    })
  ) {}
