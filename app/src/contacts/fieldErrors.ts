/** A rejected form's messages by input id (the wire field name), for highlighting the fields they concern. */
import { isFailure } from "../api/client.ts"

/** The form errors of a failure keyed by `input_id`; empty for any other failure. */
export const fieldErrors = (error: unknown): ReadonlyMap<string, string> =>
  new Map(isFailure(error, "invalidInput") ? error.formErrors.map((e) => [e.input_id, e.message] as const) : [])
