/**
 * The real-time channel over HTTP: `POST /post/socket/fallback`, for a page whose websocket cannot open (a proxy
 * that refuses upgrades, a network that drops them). It names the rooms the page would have joined, each with
 * the cursor it holds, and answers what a websocket in them would have received since, in order; see `Push` for
 * the rooms and `PushMessage` for the shapes. The websocket itself is `GET /push` (an upgrade, outside this
 * contract). A team member's rooms need the session cookie; a customer's name their link token.
 *
 * @since 0.3.0
 */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { FallbackAnswer, FallbackRequest } from "../PushMessage.ts"

/** The push group. */
export class PushApi extends HttpApiGroup.make("push")
  .add(
    HttpApiEndpoint.post("fallback", "/post/socket/fallback", {
      payload: FallbackRequest,
      success: FallbackAnswer
    }).annotate(
      OpenApi.Description,
      "Real-time fallback by polling: the events of the named rooms since each room's cursor."
    )
  )
  .annotateMerge(
    OpenApi.annotations({
      title: "Real-time",
      description: "Live updates by polling when the websocket at GET /push cannot be used."
    })
  ) {}
