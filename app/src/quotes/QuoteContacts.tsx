/**
 * The quote's contacts: the chosen ones (removable), a lookup that searches the account's people 500 ms after
 * typing stops (`POST /get/lookup-contact/person`; text over 100 characters or spanning lines only offers
 * creating a contact) and, with the same text at the same time, the connected CRM add-ons
 * (`POST /get/lookup-contact/add-ons`): the account's own results first, as soon as they come, then the CRM's
 * that are not already shown or chosen as a local contact, each marked with its add-on and its email and
 * company. Picking a CRM result links it (`POST /post/lookup-contact/link/{id}`: the local contact linked to
 * that record, made from it when there is none yet) and adds that contact; a CRM that did not answer is named
 * in a muted line under the results. Then the contact creation layer ('Create Contact' / 'Cancel') pre-filled from the typed
 * text by the core's `Contact.parseFreeText` (name, email, company, address, phones), its address with the
 * contact form's fields and address look-up. At most 10 contacts:
 * 'You've reached the limit of 10 contacts'.
 */
import * as AddOn from "@quotekit/core/AddOn"
import * as Contact from "@quotekit/core/Contact"
import * as Limits from "@quotekit/core/Limits"
import { useQuery, useQueryClient } from "@tanstack/react-query"
import { type Dispatch, memo, useState } from "react"
import { AddOnBadge } from "../addons/AddOnBadge.tsx"
import { crmResultDetail, crmResultsBeside } from "../addons/crmResults.ts"
import { crmText } from "../addons/crmText.ts"
import { useCrmConnected } from "../addons/useAddOns.ts"
import { isFailure, useApi } from "../api/client.ts"
import { AddressFields } from "../contacts/AddressFields.tsx"
import { useMessages } from "../page/useMessages.ts"
import { FormBanner } from "../signin/FormBanner.tsx"
import controls from "../theme/Controls.module.css"
import styles from "./QuoteEditor.module.css"
import { useDebounced } from "./useDebounced.ts"
import { type Action, type DraftContact, MAX_CONTACTS } from "./useQuoteDraft.ts"

/** How long typing must pause before the lookup runs (spec: completer debounce 500 ms). */
export const LOOKUP_DEBOUNCE_MS = 500

/** Whether a lookup text is searched at all, or only offers creating a contact. */
export const searchable = (text: string): boolean =>
  text.trim() !== "" && text.length <= Limits.contactLookupMaxLength && !/[\r\n]/.test(text)

const added = (contact: {
  readonly contact_id: number
  readonly name_first: string
  readonly name_last: string
  readonly email: string
  readonly display_name?: string
}): DraftContact => ({
  row: { quote_contact_id: -1, contact_id: Contact.ContactId.make(contact.contact_id), contact_order: 0 },
  name: contact.display_name ?? `${contact.name_first} ${contact.name_last}`.trim(),
  email: contact.email
})

/** The contacts section of the editor. */
export const QuoteContacts = memo(function QuoteContacts({
  contacts,
  dispatch
}: {
  readonly contacts: ReadonlyArray<DraftContact>
  readonly dispatch: Dispatch<Action>
}) {
  const m = useMessages()
  const api = useApi()
  const [text, setText] = useState("")
  const [creating, setCreating] = useState<Contact.Parsed | null>(null)
  const [createError, setCreateError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const search = useDebounced(text, LOOKUP_DEBOUNCE_MS)
  const full = contacts.length >= MAX_CONTACTS
  const lookup = useQuery({
    queryKey: ["lookup-contact", search],
    queryFn: () => api.lookupContact(search),
    enabled: searchable(search) && !full,
    staleTime: 60_000
  })
  // Beside the local lookup, never before it: each shows as soon as it answers. Only with a CRM connected.
  const crmOn = useCrmConnected()
  const crm = useQuery({
    queryKey: ["lookup-contact-add-ons", search],
    queryFn: () => api.lookupAddOns(search),
    enabled: crmOn && searchable(search) && !full,
    staleTime: 60_000
  })
  const queryClient = useQueryClient()
  const [linking, setLinking] = useState<number | null>(null)
  const [linkError, setLinkError] = useState<string | null>(null)
  // The records linked here, by result id: an answer from before the link still has them unlinked.
  const [linked, setLinked] = useState<ReadonlyMap<number, Contact.ContactId>>(new Map())
  const local = lookup.data?.results ?? []
  const results = local.filter((r) => !contacts.some((c) => c.row.contact_id === r.contact.contact_id))
  const crmResults = crmResultsBeside(
    (crm.data?.results ?? []).map((r) => ({ ...r, contact_id: r.contact_id ?? linked.get(r.id) ?? null })),
    [...local.map((r) => r.contact.contact_id), ...contacts.map((c) => c.row.contact_id)]
  )
  const link = (cacheId: number) => {
    if (linking !== null) return
    setLinking(cacheId)
    setLinkError(null)
    api.linkLookup(cacheId).then(
      (row) => {
        setLinking(null)
        setLinked((was) => new Map(was).set(cacheId, row.contact_id))
        setText("")
        dispatch({ type: "contactAdd", contact: added(row) })
        // Both look-ups now know the contact: later searches ask again.
        void queryClient.invalidateQueries({ queryKey: ["lookup-contact"] })
        void queryClient.invalidateQueries({ queryKey: ["lookup-contact-add-ons"] })
      },
      (error: unknown) => {
        setLinking(null)
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
  const create = () => {
    if (creating === null) return
    setBusy(true)
    setCreateError(null)
    api
      .createContact({
        contact: {
          type: "person",
          name_first: creating.name_first,
          name_last: creating.name_last,
          email: creating.email,
          company_id: null,
          ...(creating.company === "" ? {} : { company_name: creating.company })
        },
        phones: creating.methods.map((p) => ({ phoneOther: p.phoneOther, phoneOther_type: p.phoneOther_type })),
        addresses: Object.values(creating.address).some((v) => v !== "") ? [creating.address] : [],
        from_quote_edit: true
      })
      .then(
        (row) => {
          setBusy(false)
          setCreating(null)
          setText("")
          dispatch({ type: "contactAdd", contact: added(row) })
        },
        (error: unknown) => {
          setBusy(false)
          setCreateError(error)
        }
      )
  }
  return (
    <section className={`${controls.card} ${styles.contacts}`} aria-labelledby="contacts-heading">
      <h2 id="contacts-heading" className={styles.sectionHeading}>
        {m.contacts}
      </h2>
      {contacts.length > 0 && (
        <ul className={styles.contactList}>
          {contacts.map((c) => (
            <li key={c.row.contact_id} className={styles.contactChip} data-contact={c.row.contact_id}>
              <span>{c.name === "" ? c.email : c.name}</span>
              {c.name !== "" && c.email !== "" && <span className={styles.muted}>{c.email}</span>}
              <button
                type="button"
                className={controls.icon}
                aria-label={`${m.remove} ${c.name === "" ? c.email : c.name}`}
                title={m.remove}
                onClick={() => dispatch({ type: "contactRemove", contactId: c.row.contact_id })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className={controls.hint} role="status">
          {m.contactsLimit}
        </p>
      ) : creating === null ? (
        <div className={styles.lookup}>
          <textarea
            className={controls.textarea}
            rows={1}
            aria-label={m.contactSearchPlaceholder}
            placeholder={m.contactSearchPlaceholder}
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value)
              setLinkError(null)
            }}
          />
          {text.trim() !== "" && (
            <ul className={styles.results} aria-label={m.contacts}>
              {searchable(search) &&
                results.map((r) => (
                  <li key={r.id}>
                    <button
                      type="button"
                      className={controls.ghost}
                      onClick={() => {
                        setText("")
                        dispatch({ type: "contactAdd", contact: added(r.contact) })
                      }}
                    >
                      {r.contact.display_name}
                      {r.contact.email !== "" && <span className={styles.muted}> {r.contact.email}</span>}
                    </button>
                  </li>
                ))}
              {lookup.isError && <li className={styles.muted}>{m.couldNotLoadResults}</li>}
              {searchable(search) &&
                crmResults.map((r) => (
                  <li key={`crm-${r.id}`} data-crm-result={r.id}>
                    <button
                      type="button"
                      className={controls.ghost}
                      aria-busy={linking === r.id}
                      disabled={linking !== null}
                      onClick={() => link(r.id)}
                    >
                      {r.display_name} <AddOnBadge name={r.addon_name} addOnId={r.addonId} />
                      {crmResultDetail(r) !== "" && <span className={styles.muted}> {crmResultDetail(r)}</span>}
                      {linking === r.id && <span className={styles.muted}> {crmText.linking}</span>}
                    </button>
                  </li>
                ))}
              {searchable(search) &&
                (crm.data?.failures ?? []).map((f) => (
                  <li key={`failed-${f.addonId}`} className={styles.muted} data-crm-failure={f.addonId}>
                    {f.message}
                  </li>
                ))}
              {linkError !== null && (
                <li role="alert" className={controls.hintError}>
                  {linkError}
                </li>
              )}
              <li>
                <button
                  type="button"
                  className={controls.button}
                  onClick={() => setCreating(Contact.parseFreeText(text))}
                >
                  + {m.createContact}
                </button>
              </li>
            </ul>
          )}
        </div>
      ) : (
        <fieldset className={styles.createLayer} aria-label={m.createContact}>
          <FormBanner error={createError} />
          <div className={styles.createFields}>
            <label className={controls.field}>
              <span className={controls.label}>{m.firstName}</span>
              <input
                className={controls.input}
                value={creating.name_first}
                onChange={(e) => setCreating({ ...creating, name_first: e.currentTarget.value })}
              />
            </label>
            <label className={controls.field}>
              <span className={controls.label}>{m.lastName}</span>
              <input
                className={controls.input}
                value={creating.name_last}
                onChange={(e) => setCreating({ ...creating, name_last: e.currentTarget.value })}
              />
            </label>
            <label className={controls.field}>
              <span className={controls.label}>{m.email}</span>
              <input
                type="email"
                className={controls.input}
                value={creating.email}
                onChange={(e) => setCreating({ ...creating, email: e.currentTarget.value })}
              />
            </label>
            <label className={controls.field}>
              <span className={controls.label}>{m.company}</span>
              <input
                className={controls.input}
                value={creating.company}
                onChange={(e) => setCreating({ ...creating, company: e.currentTarget.value })}
              />
            </label>
          </div>
          <AddressFields
            prefix="quote-contact-address"
            value={creating.address}
            onChange={(address) => setCreating({ ...creating, address })}
          />
          <div className={styles.saveButtons}>
            <button type="button" className={controls.button} onClick={() => setCreating(null)}>
              {m.cancel}
            </button>
            <button type="button" className={controls.primary} disabled={busy} onClick={create}>
              {m.createContact}
            </button>
          </div>
        </fieldset>
      )}
    </section>
  )
})
