/**
 * One address of the contact form: street, city, state, postcode and country. The country completes from the
 * core's country list and, on leaving the field, keeps only a real country (or nothing; `Country.acceptInput`
 * with empty allowed). The state completes from the country's states when it has a list
 * (`Country.statesOf`), is kept only if it belongs to the country (`Country.keepState`), and is free text
 * otherwise.
 *
 * Above them, "Find an address" looks the typed text up (`GET /get/address-lookup`, after 1,000 ms of quiet and
 * only as `Completer.addressRules` allow: never digits only, never past 200 characters), near the chosen
 * country's centre; picking a match fills every field of the address. A look-up that fails offers nothing, and
 * the fields can always be typed by hand.
 */
import type * as ContactsApi from "@quotekit/core/api/ContactsApi"
import * as Completer from "@quotekit/core/Completer"
import * as Country from "@quotekit/core/Country"
import { Option } from "effect"
import { useRef, useState } from "react"
import { useApi } from "../api/client.ts"
import { useMessages } from "../page/useMessages.ts"
import controls from "../theme/Controls.module.css"
import { Combobox } from "./Combobox.tsx"
import styles from "./Records.module.css"
import { useLookup } from "./useLookup.ts"

const MAX_OPTIONS = 8

const startsFirst = <T extends { readonly name: string }>(all: ReadonlyArray<T>, text: string): ReadonlyArray<T> => {
  const t = text.trim().toLowerCase()
  if (t === "") return all.slice(0, MAX_OPTIONS)
  const starts = all.filter((c) => c.name.toLowerCase().startsWith(t))
  const contains = all.filter((c) => !c.name.toLowerCase().startsWith(t) && c.name.toLowerCase().includes(t))
  return [...starts, ...contains].slice(0, MAX_OPTIONS)
}

/** The country an address names, if any. */
const countryOf = (a: ContactsApi.AddressInput) => Country.fromName(a.country)

/** The fields of one address row; `prefix` makes the ids unique on the page. */
export const AddressFields = ({
  prefix,
  value,
  onChange
}: {
  readonly prefix: string
  readonly value: ContactsApi.AddressInput
  readonly onChange: (next: ContactsApi.AddressInput) => void
}) => {
  const m = useMessages()
  const country = countryOf(value)
  const states = Option.match(country, { onNone: () => [], onSome: Country.statesOf })
  const set = (patch: Partial<ContactsApi.AddressInput>) => onChange({ ...value, ...patch })
  // The country the field reverts to when left with text that names none: the last one it held.
  const lastValid = useRef(country)
  if (Option.isSome(country)) lastValid.current = country
  const api = useApi()
  const [finding, setFinding] = useState("")
  const near = Option.getOrUndefined(country)
  const lookup = useLookup(
    Completer.addressRules,
    (q) =>
      api
        .call((c) =>
          c.lookup.address({
            query: near === undefined ? { q } : { q, x: near.lng, y: near.lat }
          })
        )
        .then((a) => a.results),
    Completer.addressDebounceMs
  )
  const pick = (placeId: string) => {
    setFinding("")
    lookup.input("")
    api
      .call((c) => c.lookup.address({ query: { placeId } }))
      .then(
        (a) => {
          if (a.place !== null) set(a.place)
        },
        () => undefined
      )
  }
  return (
    <div className={styles.stack}>
      <Combobox
        id={`${prefix}-find`}
        label={m.findAddress}
        placeholder={m.findAddressHint}
        value={finding}
        busy={lookup.busy}
        options={lookup.results.map((r) => ({ key: r.id, label: r.label }))}
        onInput={(text) => {
          setFinding(text)
          lookup.input(text)
        }}
        onPick={(o) => pick(o.key)}
        onBlur={lookup.close}
      />
      <div className={controls.field}>
        <label className={controls.label} htmlFor={`${prefix}-street`}>
          {m.streetAddress}
        </label>
        <textarea
          id={`${prefix}-street`}
          className={controls.textarea}
          rows={2}
          value={value.address}
          onChange={(e) => set({ address: e.currentTarget.value })}
        />
      </div>
      <div className={styles.grid}>
        <div className={controls.field}>
          <label className={controls.label} htmlFor={`${prefix}-city`}>
            {m.city}
          </label>
          <input
            id={`${prefix}-city`}
            className={controls.input}
            value={value.city}
            onChange={(e) => set({ city: e.currentTarget.value })}
          />
        </div>
        {states.length > 0 ? (
          <Combobox
            id={`${prefix}-state`}
            label={m.state}
            value={value.state}
            options={startsFirst(states, value.state).map((s) => ({ key: String(s.id), label: s.name }))}
            onInput={(state) => set({ state })}
            onPick={(o) => set({ state: o.label })}
            onBlur={() =>
              Option.map(country, (c) =>
                set({
                  state: Option.match(Country.stateFromName(c, value.state), {
                    onNone: () => "",
                    onSome: (s) => s.name
                  })
                })
              )
            }
          />
        ) : (
          <div className={controls.field}>
            <label className={controls.label} htmlFor={`${prefix}-state`}>
              {m.state}
            </label>
            <input
              id={`${prefix}-state`}
              className={controls.input}
              value={value.state}
              onChange={(e) => set({ state: e.currentTarget.value })}
            />
          </div>
        )}
        <div className={controls.field}>
          <label className={controls.label} htmlFor={`${prefix}-zip`}>
            {m.postcode}
          </label>
          <input
            id={`${prefix}-zip`}
            className={controls.input}
            value={value.zip}
            onChange={(e) => set({ zip: e.currentTarget.value })}
          />
        </div>
        <Combobox
          id={`${prefix}-country`}
          label={m.country}
          value={value.country}
          options={startsFirst(Country.all, value.country).map((c) => ({ key: String(c.id), label: c.name }))}
          onInput={(text) => set({ country: text })}
          onPick={(o) => {
            const next = Country.fromName(o.label)
            const state = Option.flatMap(next, (c) =>
              Option.flatMap(country, (old) => Country.keepState(c, Country.stateFromName(old, value.state)))
            )
            set({ country: o.label, state: Option.match(state, { onNone: () => "", onSome: (s) => s.name }) })
          }}
          onBlur={() => {
            const kept = Country.acceptInput(value.country, lastValid.current, { allowEmpty: true })
            set({ country: Option.match(kept, { onNone: () => "", onSome: (c) => c.name }) })
          }}
        />
      </div>
    </div>
  )
}
