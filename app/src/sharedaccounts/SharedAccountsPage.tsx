/**
 * Shared accounts (`/settings/shared-accounts`, admins): make a link code (shown once) for another account to use
 * this account's templates and items, enter another account's code to use theirs, and the links with their status,
 * who started and who stopped them, with Stop sharing (after confirming).
 */

import type * as SharedAccountsApi from "@quotekit/core/api/SharedAccountsApi"
import * as RelativeTime from "@quotekit/core/RelativeTime"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { useApi } from "../api/client.ts"
import { fieldErrors } from "../contacts/fieldErrors.ts"
import records from "../contacts/Records.module.css"
import { useNow } from "../history/useNow.ts"
import { useMessages } from "../page/useMessages.ts"
import { AdminSettingsPage } from "../settings/AdminSettingsPage.tsx"
import { SecretOnce } from "../settings/SecretOnce.tsx"
import { ConfirmButton } from "../shell/ConfirmButton.tsx"
import { LoadFailure } from "../shell/LoadFailure.tsx"
import page from "../shell/Page.module.css"
import controls from "../theme/Controls.module.css"
import { sharedAccountsText as t } from "./sharedAccountsText.ts"

/** The query key of the account's links. */
export const sharedAccountsKey = ["settings", "shared-accounts"] as const

/** The shared accounts page. */
export const SharedAccountsPage = () => (
  <AdminSettingsPage title={t.title} hint={t.hint}>
    <ShareForm />
    <LinkForm />
    <LinkList />
  </AdminSettingsPage>
)

/** Make a link code; the code is shown once. */
const ShareForm = () => {
  const m = useMessages()
  const api = useApi()
  const queryClient = useQueryClient()
  const [code, setCode] = useState<string | undefined>()
  const make = useMutation({
    mutationFn: () => api.call((c) => c.sharedAccounts.createCode()),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: sharedAccountsKey })
      setCode(answer.code)
    }
  })
  return code !== undefined ? (
    <SecretOnce
      id="shared-code-new"
      title={t.newCode}
      warning={t.codeShownOnce}
      secret={code}
      copyLabel={t.copyCode}
      onDone={() => setCode(undefined)}
    />
  ) : (
    <section className={`${controls.card} ${records.section}`} aria-labelledby="shared-share">
      <h2 className={records.sectionTitle} id="shared-share">
        {t.shareTitle}
      </h2>
      <p className={records.muted}>{t.shareHint}</p>
      {make.isError && (
        <p role="alert" className={controls.hintError}>
          {make.error.message}
        </p>
      )}
      <div>
        <button type="button" className={controls.primary} disabled={make.isPending} onClick={() => make.mutate()}>
          {make.isPending ? m.loading : t.makeCode}
        </button>
      </div>
    </section>
  )
}

/** Enter another account's code to use its templates and items. */
const LinkForm = () => {
  const m = useMessages()
  const api = useApi()
  const queryClient = useQueryClient()
  const [code, setCode] = useState("")
  const link = useMutation({
    mutationFn: () => api.call((c) => c.sharedAccounts.link({ payload: { code } })),
    onSuccess: () => {
      setCode("")
      void queryClient.invalidateQueries()
    }
  })
  const codeError = fieldErrors(link.error).get("code")
  return (
    <form
      className={`${controls.card} ${records.section}`}
      aria-labelledby="shared-use"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        if (!link.isPending) link.mutate()
      }}
    >
      <h2 className={records.sectionTitle} id="shared-use">
        {t.useTitle}
      </h2>
      <div className={controls.field}>
        <label className={controls.label} htmlFor="shared-code">
          {t.codeLabel}
        </label>
        <input
          id="shared-code"
          className={controls.input}
          value={code}
          maxLength={40}
          autoComplete="off"
          placeholder="QK-XXXX-XXXX-XXXX"
          aria-invalid={codeError !== undefined}
          aria-describedby={codeError === undefined ? undefined : "shared-code-error"}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        {codeError !== undefined && (
          <span id="shared-code-error" className={controls.hintError}>
            {codeError}
          </span>
        )}
      </div>
      {link.isError && codeError === undefined && (
        <p role="alert" className={controls.hintError}>
          {link.error.message}
        </p>
      )}
      <div>
        <button type="submit" className={controls.primary} disabled={link.isPending || code.trim() === ""}>
          {link.isPending ? m.loading : t.link}
        </button>
      </div>
    </form>
  )
}

/** The account's links, live ones first. */
const LinkList = () => {
  const api = useApi()
  const now = useNow()
  const links = useQuery({ queryKey: sharedAccountsKey, queryFn: () => api.call((c) => c.sharedAccounts.list()) })
  return (
    <section className={`${controls.card} ${records.section}`} aria-labelledby="shared-links">
      <h2 className={records.sectionTitle} id="shared-links">
        {t.links}
      </h2>
      {links.isError ? (
        <LoadFailure error={links.error} onRetry={() => void links.refetch()} />
      ) : links.data === undefined ? (
        <div className={page.skeleton} aria-busy="true" />
      ) : links.data.links.length === 0 ? (
        <p className={records.muted}>{t.noLinks}</p>
      ) : (
        <ul className={records.rows}>
          {links.data.links.map((l) => (
            <LinkRow key={l.link_id} link={l} now={now} />
          ))}
        </ul>
      )}
    </section>
  )
}

/** One link: which way it shares, its status, who started and stopped it, and Stop sharing while it is live. */
const LinkRow = ({ link: l, now }: { readonly link: SharedAccountsApi.SharedLink; readonly now: number }) => {
  const api = useApi()
  const queryClient = useQueryClient()
  const stop = useMutation({
    mutationFn: () => api.call((c) => c.sharedAccounts.stop({ params: { link_id: l.link_id } })),
    onSuccess: () => void queryClient.invalidateQueries()
  })
  const titleId = `shared-link-${l.link_id}`
  const title =
    l.relationship_status === "pending"
      ? t.waiting
      : l.side === "parent"
        ? t.sharingWith(l.other_account_name)
        : t.usingFrom(l.other_account_name)
  return (
    <li className={records.row} aria-labelledby={titleId}>
      <div className={records.rowMain}>
        <span className={records.rowTitle} id={titleId}>
          {title}
        </span>
        {l.started_by_name !== null && l.started_at !== null && (
          <span className={records.muted}>
            {t.started(l.started_by_name)}, {RelativeTime.describe(l.started_at, now)}
          </span>
        )}
        {l.stopped_by_name !== null && l.stopped_at !== null && (
          <span className={records.muted}>
            {t.stopped(l.stopped_by_name)}, {RelativeTime.describe(l.stopped_at, now)}
          </span>
        )}
      </div>
      <span className={records.sticker}>{t.status[l.relationship_status]}</span>
      {l.relationship_status !== "stopped" && (
        <ConfirmButton
          label={t.stop}
          text={t.stopConfirm}
          describedBy={titleId}
          disabled={stop.isPending}
          onConfirm={() => stop.mutate()}
        />
      )}
      {stop.isError && (
        <span className={controls.hintError} role="alert">
          {stop.error.message}
        </span>
      )}
    </li>
  )
}
