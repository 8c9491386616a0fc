/**
 * The contact view (`/contacts/view/{id}`): name, company link, the Archived sticker, 'View Quotes', email,
 * phones and websites with their links (core `ContactMethod` made them safe on the server), addresses with a
 * Map link (core `Address`), Edit, Archive / Unarchive, Merge (the list in merge mode), and for companies
 * their people ('No people here' / '{n} person/people', 'Add person'). A contact that an accounting add-on
 * or a CRM add-on created or found there (the server's `meta`) links to it: 'View in Xero' / 'View in Capsule'.
 * A contact who agreed to marketing email says so. Its history is below.
 */
import * as AddOn from "@quotekit/core/AddOn"
import * as Contact from "@quotekit/core/Contact"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Link, useParams } from "@tanstack/react-router"
import { Option } from "effect"
import { crmText } from "../addons/crmText.ts"
import { isFailure, useApi } from "../api/client.ts"
import { ActivityHistory } from "../history/ActivityHistory.tsx"
import { useMessages } from "../page/useMessages.ts"
import { usePageTitle } from "../page/usePageTitle.ts"
import { LoadFailure } from "../shell/LoadFailure.tsx"
import { NotFoundPage } from "../shell/NotFoundPage.tsx"
import page from "../shell/Page.module.css"
import controls from "../theme/Controls.module.css"
import styles from "./Records.module.css"
import { contactsKey } from "./useContactsPage.ts"

/**
 * The contact's link into the add-on that holds it, when the server sent one: an http(s) address and an add-on
 * this app knows by name (anything else shows no link).
 */
const addOnLink = (
  meta: Contact.ContactMeta | null
): { readonly url: string; readonly name: string; readonly addOnId: number } | undefined => {
  if (meta === null || !/^https?:\/\//i.test(meta.lookup_url)) return undefined
  const addOn = Option.getOrUndefined(AddOn.byId(meta.lookup_addon_id))
  return addOn === undefined ? undefined : { url: meta.lookup_url, name: addOn.name, addOnId: addOn.id }
}

/** The contact view page. */
export const ContactViewPage = () => {
  const { contactId } = useParams({ strict: false }) as { contactId: string }
  const id = /^\d+$/.test(contactId) ? Number(contactId) : Number.NaN
  if (!Number.isSafeInteger(id) || id <= 0) return <NotFoundPage />
  return <ContactView id={Contact.ContactId.make(id)} />
}

const ContactView = ({ id }: { readonly id: Contact.ContactId }) => {
  const m = useMessages()
  const api = useApi()
  const queryClient = useQueryClient()
  const view = useQuery({
    queryKey: [...contactsKey, "view", id],
    queryFn: () => api.call((c) => c.contacts.view({ params: { contact_id: id } }))
  })
  usePageTitle(view.data?.display_name ?? m.contacts)
  const archive = useMutation({
    mutationFn: (archiveId: 1 | 2) =>
      api.call((c) => c.contacts.archive({ params: { contact_id: id, archive_id: archiveId } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: contactsKey })
  })
  if (view.isError) {
    if (isFailure(view.error, "notFound")) return <NotFoundPage />
    return (
      <div className={page.page}>
        <LoadFailure error={view.error} onRetry={() => void view.refetch()} />
      </div>
    )
  }
  if (view.data === undefined)
    return (
      <div className={page.page} aria-busy="true">
        <div className={page.skeleton} />
      </div>
    )
  const v = view.data
  const archived = Contact.isArchived(v.contact)
  const lookup = addOnLink(v.meta)
  return (
    <div className={page.page}>
      <nav className={styles.crumbs} aria-label={m.contacts}>
        <Link to="/contacts">{m.contacts}</Link>
      </nav>
      <div className={page.header}>
        <div className={styles.rowMain}>
          <h1 className={page.heading}>
            {v.display_name} {v.sticker !== null && <span className={styles.sticker}>{v.sticker}</span>}
          </h1>
          {v.company !== null && (
            <Link
              to="/contacts/view/$contactId"
              params={{ contactId: String(v.company.contact_id) }}
              className={styles.muted}
            >
              {v.company.display_name}
            </Link>
          )}
          {v.merged_into !== null && (
            <Link to="/contacts/view/$contactId" params={{ contactId: String(v.merged_into.contact_id) }}>
              {m.mergedInto(v.merged_into.display_name)}
            </Link>
          )}
        </div>
        <div className={styles.actions}>
          <a href={v.view_quotes_url} className={controls.button}>
            {m.viewQuotes}
          </a>
          {lookup !== undefined && (
            <a
              href={lookup.url}
              target="_blank"
              rel="noopener noreferrer"
              className={controls.button}
              data-addon-link={lookup.addOnId}
            >
              {m.viewInAddOn(lookup.name)}
            </a>
          )}
          <Link to="/contacts/edit/$contactId" params={{ contactId: String(id) }} className={controls.primary}>
            {m.edit}
          </Link>
          <Link to="/contacts" search={{ merge_loser: String(id) }} className={controls.button}>
            {m.merge}
          </Link>
          <button
            type="button"
            className={controls.button}
            disabled={archive.isPending}
            onClick={() => archive.mutate(archived ? 1 : 2)}
          >
            {archive.isPending ? m.loading : archived ? m.unarchive : m.archive}
          </button>
        </div>
      </div>
      {archive.isError && (
        <p className={controls.hintError} role="alert">
          {archive.error.message}
        </p>
      )}
      <section className={controls.card}>
        <dl className={styles.dl}>
          {v.contact.email !== "" && (
            <>
              <dt>{m.email}</dt>
              <dd>
                <a href={`mailto:${v.contact.email}`}>{v.contact.email}</a>
              </dd>
            </>
          )}
          {v.phones.map((p) => (
            <div key={p.contact_phoneOther_id} style={{ display: "contents" }}>
              <dt>{p.label}</dt>
              <dd>
                {p.link === null ? (
                  p.display
                ) : (
                  <a href={p.link} target={p.link.startsWith("http") ? "_blank" : undefined} rel="noopener noreferrer">
                    {p.display}
                  </a>
                )}
              </dd>
            </div>
          ))}
          {v.addresses.map((a) => (
            <div key={a.contact_address_id} style={{ display: "contents" }}>
              <dt>{m.addresses}</dt>
              <dd>
                <address style={{ fontStyle: "normal" }}>
                  {a.lines.map((l, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: address lines have no identity beyond order
                    <div key={i}>{l}</div>
                  ))}
                </address>
                {a.map_url !== null && (
                  <a href={a.map_url} target="_blank" rel="noopener noreferrer">
                    {m.map}
                  </a>
                )}
              </dd>
            </div>
          ))}
        </dl>
        {v.marketing_opt_in && (
          <p className={styles.muted} data-marketing-opt-in>
            {crmText.marketingOptIn}
          </p>
        )}
      </section>
      {v.people !== null && (
        <section className={`${controls.card} ${styles.section}`} aria-labelledby="people">
          <div className={page.header}>
            <h2 className={styles.sectionTitle} id="people">
              {v.people_label ?? (v.people.length === 0 ? m.noPeople : m.peopleCount(v.people.length))}
            </h2>
            <Link
              to="/contacts/edit/$contactId"
              params={{ contactId: "new-person" }}
              search={{ company_id: String(id) }}
              className={controls.button}
            >
              {m.addPerson}
            </Link>
          </div>
          {v.people.length > 0 && (
            <ul className={styles.rows}>
              {v.people.map((p) => (
                <li key={p.contact_id} className={styles.row}>
                  <Link
                    to="/contacts/view/$contactId"
                    params={{ contactId: String(p.contact_id) }}
                    className={styles.rowTitle}
                  >
                    {p.display_name}
                  </Link>
                  <span className={styles.muted}>{p.email}</span>
                  {p.archive_id === Contact.ArchiveIds.archived && <span className={styles.sticker}>{m.archived}</span>}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <section className={controls.card}>
        <ActivityHistory table="contact" id={id} />
      </section>
    </div>
  )
}
