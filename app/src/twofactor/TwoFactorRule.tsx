/**
 * Account Settings → Require two-factor sign-in (admins): the switch, and how many members have not turned it on.
 * Turning it on signs those members out; their next sign-in sends them to enrolment.
 */
import * as TwoFactor from "@quotekit/core/TwoFactor"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useApi } from "../api/client.ts"
import records from "../contacts/Records.module.css"
import controls from "../theme/Controls.module.css"

const ruleKey = ["settings", "two-factor-rule"] as const

/** The section; render it for admins only. */
export const TwoFactorRule = () => {
  const api = useApi()
  const queryClient = useQueryClient()
  const rule = useQuery({ queryKey: ruleKey, queryFn: () => api.call((c) => c.twoFactor.accountRule()), retry: false })
  const set = useMutation({
    mutationFn: (required: boolean) => api.call((c) => c.twoFactor.setAccountRule({ payload: { required } })),
    onSuccess: (answer) => queryClient.setQueryData(ruleKey, answer)
  })
  if (rule.data === undefined) return null
  return (
    <section className={`${controls.card} ${records.stack}`} aria-labelledby="two-factor-rule">
      <h2 className={records.sectionTitle} id="two-factor-rule">
        {TwoFactor.text.title}
      </h2>
      <label className={controls.checkbox}>
        <input
          type="checkbox"
          checked={rule.data.required}
          disabled={set.isPending}
          aria-describedby="two-factor-rule-hint"
          onChange={(e) => set.mutate(e.currentTarget.checked)}
        />
        <span>{TwoFactor.text.requiredTitle}</span>
      </label>
      <p id="two-factor-rule-hint" className={records.muted}>
        {TwoFactor.text.requiredHint}
      </p>
      <p role="status" className={records.muted}>
        {rule.data.required ? TwoFactor.text.requiredOn : TwoFactor.text.requiredOff}{" "}
        {TwoFactor.text.membersWithout(rule.data.members_without)}
      </p>
      {set.isError && (
        <p role="alert" className={controls.hintError}>
          {set.error.message}
        </p>
      )}
    </section>
  )
}
