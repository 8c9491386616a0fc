/**
 * Which CRM results a look-up shows beside the account's own: those not already on screen as a local contact.
 * A CRM record already linked to a contact that the local look-up found, or that is already chosen (a quote's
 * contacts), is that contact, so it is dropped; the rest keep the CRM's order. The answer's `failures` are
 * the caller's to show, as a line of their own.
 *
 * @example
 * import { crmResultsBeside } from "../addons/crmResults.ts"
 * crmResultsBeside(answer.results, [12, 14]) // answer's results whose contact_id is neither 12 nor 14
 *
 * @since 0.5.0
 */
import type * as CrmLookupApi from "@quotekit/core/api/CrmLookupApi"

/** The CRM results to show, given the ids of the local contacts already shown or chosen. */
export const crmResultsBeside = (
  results: ReadonlyArray<CrmLookupApi.AddOnLookupResult>,
  shown: Iterable<number>
): ReadonlyArray<CrmLookupApi.AddOnLookupResult> => {
  const ids = new Set<number>(shown)
  return results.filter((r) => r.contact_id === null || !ids.has(r.contact_id))
}

/** How a CRM result is described after its name: its email and (a person's) company, those it has. */
export const crmResultDetail = (r: CrmLookupApi.AddOnLookupResult): string =>
  [r.email, r.company].filter((s) => s !== "").join(" · ")
