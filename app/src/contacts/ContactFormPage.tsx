/**
 * The contact form (`/contacts/edit/{id | new-person | new-company}`): a switch between person and company for
 * new contacts, the name (a company keeps its name in `name_first`), the company lookup of a person (an
 * existing company, an organisation in a connected CRM add-on, marked with the add-on and linked to a local
 * company when picked, or a new one created by name), email, whether the contact agrees to marketing email
 * (Mailchimp adds only those), phones or websites, and addresses. Saving sends the
 * `modified` the form was loaded with; a later save by someone else answers with the change warning, which
 * offers 'Continue to Save'.
 */
import * as AddOn from "@quotekit/core/AddOn"
import type * as ContactsApi from "@quotekit/core/api/ContactsApi"
import type * as CrmLookupApi from "@quotekit/core/api/CrmLookupApi"
import * as Completer from "@quotekit/core/Completer"
import * as Contact from "@quotekit/core/Contact"
import * as ContactMethod from "@quotekit/core/ContactMethod"
import * as Country from "@quotekit/core/Country"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Link, useNavigate, useParams, useSearch } from "@tanstack/react-router"
import { Option } from "effect"
import { useEffect, useState } from "react"
import { crmResultsBeside } from "../addons/crmResults.ts"
import { crmText } from "../addons/crmText.ts"
import { useCrmConnectedCheck } from "../addons/useAddOns.ts"
import { isFailure, useApi } from "../api/client.ts"
import { useMessages } from "../page/useMessages.ts"
import { usePageTitle } from "../page/usePageTitle.ts"
import { useAccount } from "../session/useAccount.ts"
import banner from "../shell/Banner.module.css"
import { LoadFailure } from "../shell/LoadFailure.tsx"
import { NotFoundPage } from "../shell/NotFoundPage.tsx"
import page from "../shell/Page.module.css"
import { UnsavedChangesGuard } from "../shell/UnsavedChangesGuard.tsx"
import controls from "../theme/Controls.module.css"
import { AddressFields } from "./AddressFields.tsx"
import { Combobox } from "./Combobox.tsx"
import { fieldErrors } from "./fieldErrors.ts"
import styles from "./Records.module.css"
import { contactsKey } from "./useContactsPage.ts"
import { useLookup } from "./useLookup.ts"

type Target =
  | { readonly kind: "new"; readonly type: "new-person" | "new-company" }
  | { readonly kind: "edit"; readonly id: Contact.ContactId }

/** What the CRMs found when none is connected (nothing is asked). */
const noCrm: CrmLookupApi.AddOnLookupAnswer = { results: [], failures: [] }

const targetOf = (param: string): Target | undefined => {
  if (param === "new-person" || param === "new-company") return { kind: "new", type: param }
  if (/^\d+$/.test(param) && Number(param) > 0) return { kind: "edit", id: Contact.ContactId.make(Number(param)) }
  return undefined
}

/** The contact form page. */
export const ContactFormPage = () => {
  const { contactId } = useParams({ strict: false }) as { contactId: string }
  const { company_id }: { company_id?: string } = useSearch({ strict: false })
  const target = targetOf(contactId)
  const api = useApi()
  const m = useMessages()
  const companyId = company_id !== undefined && /^\d+$/.test(company_id) ? Number(company_id) : undefined
  const form = useQuery({
    queryKey: [...contactsKey, "form", contactId, companyId],
    enabled: target !== undefined,
    queryFn: () =>
      api.call((c) =>
        target?.kind === "edit"
          ? c.contacts.editData({ params: { contact_id: target.id } })
          : c.contacts.newData({
              params: { type: target?.type ?? "new-person" },
              query: companyId === undefined ? {} : { company_id: Contact.ContactId.make(companyId) }
            })
      ),
    staleTime: Number.POSITIVE_INFINITY
  })
  if (target === undefined || isFailure(form.error, "notFound")) return <NotFoundPage />
  if (form.isError)
    return (
      <div className={page.page}>
        <LoadFailure error={form.error} onRetry={() => void form.refetch()} />
      </div>
    )
  if (form.data === undefined)
    return (
      <div className={page.page} aria-busy="true">
        <h1 className={page.heading}>{m.loading}</h1>
        <div className={page.skeleton} />
      </div>
    )
  return <ContactForm key={contactId} data={form.data} target={target} />
}

interface Draft {
  readonly contact: ContactsApi.ContactInput
  readonly companyText: string
  readonly phones: ReadonlyArray<ContactsApi.MethodInput & { readonly key: number }>
  readonly addresses: ReadonlyArray<ContactsApi.AddressInput & { readonly key: number }>
}

let nextKey = 1

const draftOf = (data: ContactsApi.ContactForm): Draft => ({
  contact: {
    type: data.contact.type,
    name_first: data.contact.name_first,
    name_last: data.contact.name_last,
    email: data.contact.email,
    company_id: data.contact.company_id,
    marketing_opt_in: data.marketing_opt_in
  },
  companyText: data.company?.display_name ?? "",
  phones: data.phones.map((p) => ({
    key: nextKey++,
    contact_phoneOther_id: p.contact_phoneOther_id,
    phoneOther: p.phoneOther,
    phoneOther_type: p.phoneOther_type
  })),
  addresses: data.addresses.map((a) => ({
    key: nextKey++,
    contact_address_id: a.contact_address_id,
    address: a.address,
    city: a.city,
    state: a.state,
    zip: a.zip,
    country: a.country,
    address_type: a.address_type
  }))
})

const ContactForm = ({ data, target }: { readonly data: ContactsApi.ContactForm; readonly target: Target }) => {
  const m = useMessages()
  const api = useApi()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [initial] = useState<Draft>(() => draftOf(data))
  const [draft, setDraft] = useState<Draft>(initial)
  const isCompany = draft.contact.type === "company"
  const title =
    target.kind === "new" ? (isCompany ? m.newCompany : m.newPerson) : m.editContact(Contact.displayName(data.contact))
  usePageTitle(title)
  const setContact = (patch: Partial<ContactsApi.ContactInput>) =>
    setDraft((d) => ({ ...d, contact: { ...d.contact, ...patch } }))
  const account = useAccount()
  const homeCountry =
    account.data === undefined
      ? ""
      : Country.byId(account.data.account_signin.country_id).pipe(
          Option.map((c) => c.name),
          Option.getOrElse(() => "")
        )
  const companies = useLookup(Completer.contactRules, (search) =>
    api.call((c) => c.contacts.lookupCompany({ payload: { search } })).then((a) => a.results)
  )
  // The connected CRMs' organisations, asked beside the account's own companies with the same text.
  const [crmFailures, setCrmFailures] = useState<ReadonlyArray<typeof CrmLookupApi.AddOnLookupFailure.Type>>([])
  const crmConnected = useCrmConnectedCheck()
  const crmCompanies = useLookup(Completer.contactRules, (search) =>
    crmConnected()
      .then((on) => (on ? api.lookupAddOns(search, true) : noCrm))
      .then((answer) => {
        setCrmFailures(answer.failures)
        // A CRM that did not answer found nothing this time, which says nothing of longer text: not a result.
        if (answer.results.length === 0 && answer.failures.length > 0) throw new Error("no answer")
        return answer.results
      })
  )
  const crmShown = crmResultsBeside(crmCompanies.results, [
    ...companies.results.map((r) => r.contact.contact_id),
    ...(draft.contact.company_id === null ? [] : [draft.contact.company_id])
  ])
  const [linking, setLinking] = useState(false)
  const [linkError, setLinkError] = useState<string | null>(null)
  const linkCompany = (cacheId: number) => {
    setLinking(true)
    setLinkError(null)
    api.linkLookup(cacheId).then(
      (row) => {
        setLinking(false)
        setDraft((d) => ({
          ...d,
          companyText: row.display_name,
          contact: { ...d.contact, company_id: row.contact_id }
        }))
      },
      (error: unknown) => {
        setLinking(false)
        setLinkError(
          isFailure(error, "notFound")
            ? AddOn.messages.lookupGone
            : error instanceof Error
              ? error.message
              : m.couldNotLoadResults
        )
      }
    )
  }
  const save = useMutation({
    mutationFn: (force: boolean) => {
      const newCompany = !isCompany && draft.contact.company_id === null && draft.companyText.trim() !== ""
      const body: ContactsApi.ContactUpdate = {
        contact: {
          ...draft.contact,
          ...(isCompany ? { name_last: "", company_id: null } : {}),
          ...(newCompany ? { company_name: draft.companyText.trim() } : {})
        },
        phones: draft.phones.filter((p) => p.phoneOther.trim() !== "").map(({ key: _, ...p }) => p),
        addresses: draft.addresses.map(({ key: _, ...a }) => a),
        ...(force || target.kind === "new" ? {} : { _modifiedIn: data.contact.modified }),
        // 'Create anyway' after being told another contact has this email.
        ...(force && target.kind === "new" ? { allow_duplicate: true } : {})
      }
      const id = target.kind === "edit" ? target.id : Contact.ContactId.make(0)
      return api.call((c) => c.contacts.update({ params: { contact_id: id }, payload: body }))
    },
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: contactsKey })
      void navigate({ to: "/contacts/view/$contactId", params: { contactId: String(saved.contact_id) } })
    }
  })
  const errors = fieldErrors(save.error)
  const conflict = isFailure(save.error, "conflict")
  const duplicate = isFailure(save.error, "duplicate") ? save.error.existing : undefined
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "s") {
        e.preventDefault()
        save.mutate(false)
      }
    }
    window.addEventListener("keydown", onKey)
    return () => window.removeEventListener("keydown", onKey)
  })

  return (
    <form
      className={page.page}
      onSubmit={(e) => {
        e.preventDefault()
        save.mutate(false)
      }}
      noValidate
    >
      <UnsavedChangesGuard dirty={draft !== initial && !save.isPending && !save.isSuccess} />
      <nav className={styles.crumbs} aria-label={m.contacts}>
        <Link to="/contacts">{m.contacts}</Link>
      </nav>
      <h1 className={page.heading}>{title}</h1>
      {target.kind === "new" && (
        <fieldset className={styles.filters} aria-label={m.contacts}>
          {(["person", "company"] as const).map((t) => (
            <button
              key={t}
              type="button"
              className={styles.filter}
              aria-pressed={draft.contact.type === t}
              onClick={() =>
                void navigate({
                  to: "/contacts/edit/$contactId",
                  params: { contactId: t === "person" ? "new-person" : "new-company" },
                  replace: true
                })
              }
            >
              {t === "person" ? m.newPerson : m.newCompany}
            </button>
          ))}
        </fieldset>
      )}
      {save.isError && (
        <div className={conflict || duplicate !== undefined ? banner.warning : banner.error} role="alert">
          <div>
            <p className={banner.title}>{save.error.message}</p>
            {conflict && (
              <button type="button" className={controls.button} onClick={() => save.mutate(true)}>
                {m.continueToSave}
              </button>
            )}
            {duplicate !== undefined && (
              <p className={styles.actions}>
                <Link
                  to="/contacts/view/$contactId"
                  params={{ contactId: String(duplicate.contact_id) }}
                  className={controls.button}
                >
                  {m.openExistingContact(duplicate.display_name)}
                </Link>{" "}
                <button type="button" className={controls.button} onClick={() => save.mutate(true)}>
                  {m.createAnyway}
                </button>
              </p>
            )}
          </div>
        </div>
      )}
      <section className={`${controls.card} ${styles.stack}`}>
        <div className={styles.grid}>
          {isCompany ? (
            <TextInput
              id="name_first"
              label={m.companyName}
              value={draft.contact.name_first}
              error={errors.get("name_first")}
              onChange={(v) => setContact({ name_first: v })}
            />
          ) : (
            <>
              <TextInput
                id="name_first"
                label={m.firstName}
                value={draft.contact.name_first}
                error={errors.get("name_first")}
                onChange={(v) => setContact({ name_first: v })}
              />
              <TextInput
                id="name_last"
                label={m.lastName}
                value={draft.contact.name_last}
                error={errors.get("name_last")}
                onChange={(v) => setContact({ name_last: v })}
              />
              <div className={styles.stack} data-company-field>
                <Combobox
                  id="company_id"
                  label={m.company}
                  value={draft.companyText}
                  busy={companies.busy || crmCompanies.busy || linking}
                  invalid={errors.has("company_id") || linkError !== null}
                  options={[
                    ...companies.results.map((r) => ({ key: String(r.id), label: r.contact.display_name })),
                    ...crmShown.map((r) => ({
                      key: `crm-${r.id}`,
                      label: crmText.inAddOn(r.display_name, r.addon_name)
                    })),
                    ...(draft.companyText.trim() !== "" &&
                    draft.contact.company_id === null &&
                    !companies.results.some(
                      (r) => r.contact.display_name.toLowerCase() === draft.companyText.trim().toLowerCase()
                    )
                      ? [{ key: "new", label: m.newCompanyNamed(draft.companyText.trim()) }]
                      : [])
                  ]}
                  onInput={(text) => {
                    setDraft((d) => ({ ...d, companyText: text, contact: { ...d.contact, company_id: null } }))
                    setLinkError(null)
                    companies.input(text)
                    crmCompanies.input(text)
                    if (text.trim() === "") setCrmFailures([])
                  }}
                  onPick={(o) => {
                    if (o.key === "new") return
                    if (o.key.startsWith("crm-")) {
                      companies.close()
                      crmCompanies.close()
                      if (!linking) linkCompany(Number(o.key.slice(4)))
                      return
                    }
                    setDraft((d) => ({
                      ...d,
                      companyText: o.label,
                      contact: { ...d.contact, company_id: Contact.ContactId.make(Number(o.key)) }
                    }))
                    companies.close()
                    crmCompanies.close()
                  }}
                />
                {linkError !== null && (
                  <p role="alert" className={controls.hintError}>
                    {linkError}
                  </p>
                )}
                {draft.companyText.trim() !== "" &&
                  crmFailures.map((f) => (
                    <p key={f.addonId} className={styles.muted} data-crm-failure={f.addonId}>
                      {f.message}
                    </p>
                  ))}
              </div>
            </>
          )}
          <TextInput
            id="email"
            type="email"
            label={m.email}
            value={draft.contact.email}
            error={errors.get("email")}
            onChange={(v) => setContact({ email: v })}
          />
        </div>
        <label className={controls.checkbox}>
          <input
            type="checkbox"
            name="marketing_opt_in"
            checked={draft.contact.marketing_opt_in === true}
            onChange={(e) => setContact({ marketing_opt_in: e.currentTarget.checked })}
          />
          <span>{crmText.marketingOptIn}</span>
        </label>
      </section>
      <section className={`${controls.card} ${styles.section}`} aria-labelledby="phones-title">
        <h2 className={styles.sectionTitle} id="phones-title">
          {m.phonesAndWebsites}
        </h2>
        {draft.phones.map((p, i) => (
          <div key={p.key} className={styles.line}>
            <div className={controls.field}>
              <select
                aria-label={`${m.phonesAndWebsites} ${i + 1}`}
                id={`phone-type-${p.key}`}
                className={controls.select}
                value={p.phoneOther_type}
                onChange={(e) => {
                  const type = Number(e.currentTarget.value) as ContactMethod.MethodType
                  setDraft((d) => ({
                    ...d,
                    phones: d.phones.map((x) => (x.key === p.key ? { ...x, phoneOther_type: type } : x))
                  }))
                }}
              >
                {data.method_types.map((t) => (
                  <option key={t.type} value={t.type}>
                    {t.label}
                  </option>
                ))}
              </select>
            </div>
            <TextInput
              id={`phone-${p.key}`}
              label={`${ContactMethod.labels[p.phoneOther_type]} ${i + 1}`}
              value={p.phoneOther}
              onChange={(v) =>
                setDraft((d) => ({
                  ...d,
                  phones: d.phones.map((x) => (x.key === p.key ? { ...x, phoneOther: v } : x))
                }))
              }
            />
            <button
              type="button"
              className={controls.ghost}
              onClick={() => setDraft((d) => ({ ...d, phones: d.phones.filter((x) => x.key !== p.key) }))}
            >
              {m.remove}
            </button>
          </div>
        ))}
        <div>
          <button
            type="button"
            className={controls.button}
            onClick={() =>
              setDraft((d) => ({
                ...d,
                phones: [
                  ...d.phones,
                  { key: nextKey++, phoneOther: "", phoneOther_type: ContactMethod.Types.phone_mobile }
                ]
              }))
            }
          >
            {m.addPhone}
          </button>
        </div>
      </section>
      <section className={`${controls.card} ${styles.section}`} aria-labelledby="addresses-title">
        <h2 className={styles.sectionTitle} id="addresses-title">
          {m.addresses}
        </h2>
        {draft.addresses.map((a) => (
          <div key={a.key} className={styles.stack}>
            <AddressFields
              prefix={`address-${a.key}`}
              value={a}
              onChange={(next) =>
                setDraft((d) => ({
                  ...d,
                  addresses: d.addresses.map((x) => (x.key === a.key ? { ...next, key: a.key } : x))
                }))
              }
            />
            <div>
              <button
                type="button"
                className={controls.ghost}
                onClick={() => setDraft((d) => ({ ...d, addresses: d.addresses.filter((x) => x.key !== a.key) }))}
              >
                {m.remove}
              </button>
            </div>
          </div>
        ))}
        <div>
          <button
            type="button"
            className={controls.button}
            onClick={() =>
              setDraft((d) => ({
                ...d,
                addresses: [
                  ...d.addresses,
                  // A new address is most likely in the business's own country; the field changes it.
                  { key: nextKey++, address: "", city: "", state: "", zip: "", country: homeCountry }
                ]
              }))
            }
          >
            {m.addAddress}
          </button>
        </div>
      </section>
      <div className={styles.saveBar}>
        <button type="submit" className={controls.primary} disabled={save.isPending}>
          {save.isPending ? m.saving : m.save}
        </button>
        <Link
          to={target.kind === "edit" ? "/contacts/view/$contactId" : "/contacts"}
          params={target.kind === "edit" ? { contactId: String(target.id) } : {}}
          className={controls.button}
        >
          {m.cancel}
        </Link>
      </div>
    </form>
  )
}

/** A labelled text input with its error hint. */
export const TextInput = ({
  id,
  label,
  value,
  onChange,
  error,
  type = "text"
}: {
  readonly id: string
  readonly label: string
  readonly value: string
  readonly onChange: (value: string) => void
  readonly error?: string | undefined
  readonly type?: string
}) => (
  <div className={controls.field}>
    <label className={controls.label} htmlFor={id}>
      {label}
    </label>
    <input
      id={id}
      type={type}
      className={controls.input}
      value={value}
      aria-invalid={error !== undefined}
      aria-describedby={error === undefined ? undefined : `${id}-error`}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
    {error !== undefined && (
      <span id={`${id}-error`} className={controls.hintError}>
        {error}
      </span>
    )}
  </div>
)
