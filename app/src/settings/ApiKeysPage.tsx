/**
 * API keys (`/settings/api-keys`, admins): create a key with a name and an access (read only, or read and write),
 * see the new key once with a copy button and the warning that it will not be shown again, list the account's keys
 * (prefix, access, who made it and when, last use, revoked) and revoke one after confirming. The new key lives in
 * this page's state only: leaving the page forgets it, and the server never answers it again.
 */

import * as ApiKey from "@quotekit/core/ApiKey"
import type * as ApiKeysApi from "@quotekit/core/api/ApiKeysApi"
import * as RelativeTime from "@quotekit/core/RelativeTime"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { useApi } from "../api/client.ts"
import { fieldErrors } from "../contacts/fieldErrors.ts"
import records from "../contacts/Records.module.css"
import { useNow } from "../history/useNow.ts"
import { type Messages, useMessages } from "../page/useMessages.ts"
import { ConfirmButton } from "../shell/ConfirmButton.tsx"
import { LoadFailure } from "../shell/LoadFailure.tsx"
import page from "../shell/Page.module.css"
import controls from "../theme/Controls.module.css"
import { AdminSettingsPage } from "./AdminSettingsPage.tsx"
import styles from "./ApiKeys.module.css"
import { SecretOnce } from "./SecretOnce.tsx"

/** The query key of the account's API keys. */
export const apiKeysKey = ["settings", "api-keys"] as const

const scopeLabel = (m: Messages, scope: ApiKey.Scope) => (scope === "read" ? m.apiKeyScopeRead : m.apiKeyScopeWrite)

/** The API keys page. */
export const ApiKeysPage = () => {
  const m = useMessages()
  const [created, setCreated] = useState<ApiKeysApi.CreatedApiKey | undefined>()
  return (
    <AdminSettingsPage title={m.apiKeys} hint={m.apiKeysHint}>
      {created === undefined ? (
        <CreateKey onCreated={setCreated} />
      ) : (
        <SecretOnce
          id="api-key-new"
          title={m.newApiKey(created.key.name)}
          warning={m.apiKeyShownOnce}
          secret={created.secret}
          copyLabel={m.copyApiKey}
          onDone={() => setCreated(undefined)}
        />
      )}
      <KeyList />
    </AdminSettingsPage>
  )
}

/** The form making a key: its name and its access. */
const CreateKey = ({ onCreated }: { readonly onCreated: (created: ApiKeysApi.CreatedApiKey) => void }) => {
  const m = useMessages()
  const api = useApi()
  const queryClient = useQueryClient()
  const [name, setName] = useState("")
  const [scope, setScope] = useState<ApiKey.Scope>("read")
  const create = useMutation({
    mutationFn: () => api.call((c) => c.apiKeys.create({ payload: { name, scope } })),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: apiKeysKey })
      onCreated(answer)
    }
  })
  const errors = fieldErrors(create.error)
  const nameError = errors.get("name")
  return (
    <form
      className={`${controls.card} ${records.section}`}
      aria-labelledby="api-key-create"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        if (!create.isPending) create.mutate()
      }}
    >
      <h2 className={records.sectionTitle} id="api-key-create">
        {m.createApiKey}
      </h2>
      <div className={controls.field}>
        <label className={controls.label} htmlFor="api-key-name">
          {m.apiKeyName}
        </label>
        <input
          id="api-key-name"
          className={controls.input}
          value={name}
          maxLength={ApiKey.NAME_MAX}
          autoComplete="off"
          aria-invalid={nameError !== undefined}
          aria-describedby={nameError === undefined ? undefined : "api-key-name-error"}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        {nameError !== undefined && (
          <span id="api-key-name-error" className={controls.hintError}>
            {nameError}
          </span>
        )}
      </div>
      <fieldset className={styles.scopes}>
        <legend className={controls.label}>{m.apiKeyScope}</legend>
        {ApiKey.scopes.map((s) => (
          <label key={s} className={styles.scope}>
            <input type="radio" name="api-key-scope" value={s} checked={scope === s} onChange={() => setScope(s)} />
            {scopeLabel(m, s)}
          </label>
        ))}
      </fieldset>
      {create.isError && nameError === undefined && (
        <p role="alert" className={controls.hintError}>
          {create.error.message}
        </p>
      )}
      <div>
        <button type="submit" className={controls.primary} disabled={create.isPending}>
          {create.isPending ? m.loading : m.createApiKey}
        </button>
      </div>
    </form>
  )
}

/** The account's keys, live ones first. */
const KeyList = () => {
  const m = useMessages()
  const api = useApi()
  const now = useNow()
  const keys = useQuery({ queryKey: apiKeysKey, queryFn: () => api.call((c) => c.apiKeys.list()) })
  return (
    <section className={`${controls.card} ${records.section}`} aria-labelledby="api-key-list">
      <h2 className={records.sectionTitle} id="api-key-list">
        {m.apiKeys}
      </h2>
      {keys.isError ? (
        <LoadFailure error={keys.error} onRetry={() => void keys.refetch()} />
      ) : keys.data === undefined ? (
        <div className={page.skeleton} aria-busy="true" />
      ) : keys.data.keys.length === 0 ? (
        <p className={records.muted}>{m.noApiKeys}</p>
      ) : (
        <ul className={records.rows}>
          {keys.data.keys.map((k) => (
            <KeyRow key={k.api_key_id} apiKey={k} now={now} />
          ))}
        </ul>
      )}
    </section>
  )
}

/** One key: what it is, who made it, its last use, and Revoke (after confirming) while it works. */
const KeyRow = ({ apiKey: k, now }: { readonly apiKey: ApiKeysApi.ApiKeyView; readonly now: number }) => {
  const m = useMessages()
  const api = useApi()
  const queryClient = useQueryClient()
  const revoke = useMutation({
    mutationFn: () => api.call((c) => c.apiKeys.revoke({ params: { api_key_id: k.api_key_id } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiKeysKey })
  })
  const titleId = `api-key-${k.api_key_id}`
  return (
    <li className={records.row} aria-labelledby={titleId}>
      <div className={records.rowMain}>
        <span className={records.rowTitle} id={titleId}>
          {k.name}
        </span>
        <span className={records.muted}>
          <code>{k.prefix}…</code> · {scopeLabel(m, k.scope)} · {m.apiKeyCreatedBy(k.created_by_name)},{" "}
          {RelativeTime.describe(k.created_at, now)}
        </span>
        <span className={records.muted}>
          {m.apiKeyLastUsed}: {k.last_used_at === null ? m.apiKeyNeverUsed : RelativeTime.describe(k.last_used_at, now)}
        </span>
      </div>
      {k.revoked_at !== null ? (
        <span className={records.sticker}>{m.apiKeyRevoked}</span>
      ) : (
        <ConfirmButton
          label={m.revokeApiKey}
          text={m.revokeApiKeyConfirm(k.name)}
          describedBy={titleId}
          disabled={revoke.isPending}
          onConfirm={() => revoke.mutate()}
        />
      )}
      {revoke.isError && (
        <span className={controls.hintError} role="alert">
          {revoke.error.message}
        </span>
      )}
    </li>
  )
}
