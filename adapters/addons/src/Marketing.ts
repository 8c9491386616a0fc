/**
 * What a marketing add-on (Mailchimp, id 6) does for quotekit: after OAuth 2 (`OAuthService`; the connection's
 * organisations are the account's audiences, one of which the admin chooses), add a customer who accepted a quote
 * (and, when the admin chose so, a lead) to that audience with tags. quotekit only calls `subscribe` for a contact
 * whose marketing opt-in is on; the implementation never changes the status of someone already in the audience
 * (an unsubscribed member stays unsubscribed), and adding the same person again only adds tags.
 *
 * Implementations time out every request (10 s), retry 429 and 5xx a bounded number of times with backoff, then
 * fail with `AddOnError`.
 *
 * @since 0.5.0
 */
import type { Effect } from "effect"
import type { AddOnError } from "./AddOnError.ts"
import type { OAuthService, Organisation, Tokens } from "./OAuthService.ts"

/** Someone to add to an audience. */
export interface Member {
  readonly email: string
  readonly name_first: string
  readonly name_last: string
  /** Tags to add (never removes one); each at most 100 characters. */
  readonly tags: ReadonlyArray<string>
}

/** A marketing add-on. */
export interface Marketing extends OAuthService {
  readonly addonId: 6
  /** The account's audiences (Mailchimp lists), to choose from again after connecting. */
  readonly audiences: (tokens: Tokens) => Effect.Effect<ReadonlyArray<Organisation>, AddOnError>
  /**
   * Add `member` to `audience` as subscribed when new, leave their status alone when already there, and add the
   * tags. Safe to call again.
   */
  readonly subscribe: (tokens: Tokens, audience: string, member: Member) => Effect.Effect<void, AddOnError>
}
