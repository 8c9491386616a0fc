/** The add-ons list (`GET /get/add-ons`) as screens read it: every add-on of the spec, one CRM connected or none. */
import * as AddOn from "@quotekit/core/AddOn"
import type { AddOnList } from "@quotekit/core/api/AddOnsApi"

/** Every add-on off, except the first CRM connected when `crmConnected`. */
export const addOns = (crmConnected: boolean): AddOnList => {
  const firstCrm = AddOn.all.find((a) => a.kind === "crm")?.id
  return {
    addons: AddOn.all.map((def) => ({
      id: def.id,
      name: def.name,
      summary: def.summary,
      kind: def.kind,
      connects: def.connects,
      state: crmConnected && def.id === firstCrm ? "connected" : "off",
      enabled: false,
      guide: def.guide,
      connection: null,
      options: null
    })),
    can_change: true
  }
}
