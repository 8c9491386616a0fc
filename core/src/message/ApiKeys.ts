/**
 * The messages of one area of the catalogue: API keys (our wording). `Message.ts` gathers every area; a bundle that
 * must stay light imports the areas it shows from here.
 *
 * @since 0.5.0
 */
export const apiKeys = "API keys"
export const apiKeysHint =
  "A key lets a program call the quotekit API for this account, acting as the admin who created it. Read keys can only look; write keys can change things too."
export const apiKeyName = "Key name"
export const apiKeyScope = "Access"
export const apiKeyScopeRead = "Read only"
export const apiKeyScopeWrite = "Read and write"
export const createApiKey = "Create key"
export const revokeApiKey = "Revoke"
export const revokeApiKeyConfirm = (name: string) =>
  `Revoke the key “${name}”? Programs using it stop working at once. This cannot be undone.`
export const apiKeyRevoked = "Revoked"
export const apiKeyNeverUsed = "Never used"
export const apiKeyLastUsed = "Last used"
export const apiKeyCreatedBy = (who: string) => `Created by ${who}`
export const apiKeyShownOnce = "Copy this key now. It will not be shown again."
export const copyApiKey = "Copy key"
export const newApiKey = (name: string) => `Your new key “${name}”`
export const noApiKeys = "No API keys yet. Create one to let a program use the API."
export const apiKeyNameNeeded = "Give the key a name, so you know later what uses it."
export const apiKeyNotFound = "Could not find that API key?"
export const apiKeyInvalid = "This API key is not valid: it is unknown or has been revoked."
export const apiKeyReadOnly = "This API key can only read: it may call GET endpoints. Use a key with write access."
export const apiKeyNeedsSession =
  "API keys cannot do that: it needs a person signed in (managing keys, passwords and accounts)."
/** How a key is named in activity history: the key's name and the admin it acts for. */
export const apiKeyActor = (who: string, key: string) => `${who} (API key “${key}”)`
