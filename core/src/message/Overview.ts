/**
 * The messages of one area of the catalogue: quote overview. `Message.ts` gathers every area; a bundle that
 * must stay light imports the areas it shows from here.
 *
 * @since 0.5.0
 */
export const overview = "Overview"
export const allActivity = "All Activity"
export const settings = "Settings"
export const settingsApplied = "Settings applied"
export const versions = "Versions"
// (our wording) per-quote settings: the Settings tab and the 'Settings applied' lines
export const settingTerms = "Terms box to tick before accepting"
export const settingQuantities = "Customer can edit quantities"
export const settingOn = "On"
export const settingOff = "Off"
export const settingAccountDefault = (value: string) => `Account default (${value})`
export const settingChange = (label: string, value: string) => `${label}: ${value}`
export const settingTermsRequired = "Customer must tick the terms box to accept"
export const settingTermsNotRequired = "No terms box to tick before accepting"
export const settingQuantitiesLocked = "Customer can't edit quantities"
export const settingQuantitiesOpen = "Customer can edit quantities where items allow it"
export const settingCurrency = (code: string) => `Currency ${code}`
export const settingsAsDefaults = "As the account's defaults"
export const settingsSaved = "Settings saved."
export const settingsLocked = (status: string) => `This quote is ${status}: its settings can no longer be changed.`
export const historySettingsChanged = (who: string, changes: string) => `${who} changed the settings: ${changes}.`
