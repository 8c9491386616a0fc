/**
 * Settings → Quote appearance (`/settings/quote/appearance`, admins): the accent colour (swatches that expand
 * and collapse: the logo's five colours and two lightness rows of 20 presets, picking one collapses them; or the
 * hex field, hex digits only, up to 6, applied at 6, with the lightness hints), the font, headings, logo place
 * and size, spacing, the legacy theme, and the PDF (the page-size section shows only while 'Download PDF' is
 * ticked). A thumbnail of the customer page follows every change (100 ms after the last), from the server's
 * own rendering (`preview-quote`); 'Full-size preview' opens the same at full size.
 */
import * as Appearance from "@quotekit/core/Appearance"
import type { AppearanceView } from "@quotekit/core/api/AppearanceApi"
import * as HexColour from "@quotekit/core/HexColour"
import * as Palette from "@quotekit/core/Palette"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { Option } from "effect"
import { useEffect, useRef, useState } from "react"
import { useApi } from "../api/client.ts"
import { AdminSettingsPage } from "../settings/AdminSettingsPage.tsx"
import { LoadFailure } from "../shell/LoadFailure.tsx"
import page from "../shell/Page.module.css"
import { FormBanner } from "../signin/FormBanner.tsx"
import controls from "../theme/Controls.module.css"
import styles from "./Appearance.module.css"
import { appearanceText as t } from "./appearanceText.ts"

/** The query key of the account's appearance. */
export const appearanceKey = ["settings", "quote-appearance"] as const

/** How long the preview waits after the last change before asking the server (the spec's 100 ms). */
export const PREVIEW_DEBOUNCE_MS = 100

/** The settings page. */
export const AppearancePage = () => {
  const api = useApi()
  const query = useQuery({ queryKey: appearanceKey, queryFn: () => api.call((c) => c.appearance.get()) })
  return (
    <AdminSettingsPage title={t.title} hint={t.hint}>
      {query.isError ? (
        <LoadFailure error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data === undefined ? (
        <div className={page.skeleton} aria-busy="true" />
      ) : (
        <AppearanceForm view={query.data} />
      )}
    </AdminSettingsPage>
  )
}

/** The page's HTML for a preview answer: the style sheet and the content, no script. */
const documentOf = (css: string, html: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${css.replace(/<\/style/gi, "<\\/style")}</style></head><body>${html}</body></html>`

/** The preview of `draft`, asked for 100 ms after its last change; answers the page's HTML. */
const usePreview = (draft: Appearance.Appearance): string | undefined => {
  const api = useApi()
  const [doc, setDoc] = useState<string | undefined>()
  const key = JSON.stringify(draft)
  useEffect(() => {
    let current = true
    const timer = setTimeout(() => {
      api
        .call((c) => c.appearance.preview({ payload: JSON.parse(key) as Appearance.Appearance }))
        .then((answer) => {
          if (current) setDoc(documentOf(answer.quoteCss, answer.quoteHtml))
        })
        .catch(() => {})
    }, PREVIEW_DEBOUNCE_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [api, key])
  return doc
}

/** One selectable colour. */
const Swatch = ({
  colour,
  selected,
  onPick
}: {
  readonly colour: HexColour.HexColour
  readonly selected: boolean
  readonly onPick: (colour: HexColour.HexColour) => void
}) => (
  <button
    type="button"
    className={styles.swatch}
    style={{ background: colour }}
    aria-label={colour}
    aria-pressed={selected}
    title={colour}
    data-swatch={colour}
    onClick={() => onPick(colour)}
  />
)

/** A select of one closed list. */
const Choice = <K extends string>({
  id,
  label,
  value,
  options,
  onChange
}: {
  readonly id: string
  readonly label: string
  readonly value: K
  readonly options: Readonly<Record<K, string>>
  readonly onChange: (value: K) => void
}) => (
  <div className={controls.field}>
    <label className={controls.label} htmlFor={id}>
      {label}
    </label>
    <select
      id={id}
      name={id}
      className={controls.select}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value as K)}
    >
      {(Object.keys(options) as Array<K>).map((k) => (
        <option key={k} value={k}>
          {options[k]}
        </option>
      ))}
    </select>
  </div>
)

const fontNames = Object.fromEntries(Appearance.Font.literals.map((f) => [f, Appearance.fonts[f].label])) as Record<
  Appearance.Font,
  string
>

/** The form, its thumbnail and the full-size preview. */
const AppearanceForm = ({ view }: { readonly view: AppearanceView }) => {
  const api = useApi()
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState<Appearance.Appearance>(view.appearance)
  const [hex, setHex] = useState<string>(view.appearance.accent.slice(1))
  const [open, setOpen] = useState(false)
  const [saved, setSaved] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)
  const dialog = useRef<HTMLDialogElement>(null)
  const preview = usePreview(draft)
  const set = (change: Partial<Appearance.Appearance>) => {
    setSaved(false)
    setDraft((d) => ({ ...d, ...change }))
  }
  const pick = (colour: HexColour.HexColour) => {
    set({ accent: colour })
    setHex(colour.slice(1))
    setOpen(false)
    toggle.current?.focus()
  }
  const onHex = (text: string) => {
    const digits = HexColour.sanitize(text)
    setHex(digits)
    const applied = HexColour.apply(digits)
    if (Option.isSome(applied)) set({ accent: applied.value })
  }
  const hint = Option.getOrUndefined(HexColour.hint(draft.accent))
  const save = useMutation({
    mutationFn: () => api.call((c) => c.appearance.update({ payload: draft })),
    onSuccess: (answer) => {
      queryClient.setQueryData(appearanceKey, answer)
      void queryClient.invalidateQueries({ queryKey: ["settings", "quote-pdf-offer"] })
      setSaved(true)
    }
  })

  return (
    <div className={styles.layout}>
      <form
        className={styles.form}
        aria-label={t.title}
        onSubmit={(e) => {
          e.preventDefault()
          save.mutate()
        }}
      >
        <FormBanner error={save.error} />
        <fieldset className={`${controls.card} ${styles.section}`}>
          <legend>{t.colour}</legend>
          <div className={styles.current}>
            <span className={styles.chip} style={{ background: draft.accent }} aria-hidden="true" />
            <button
              ref={toggle}
              type="button"
              className={controls.button}
              aria-expanded={open}
              aria-controls="appearance-swatches"
              onClick={() => setOpen((o) => !o)}
            >
              {open ? t.hideColours : t.changeColour}
            </button>
            <div className={controls.field}>
              <label className={controls.label} htmlFor="appearance-hex">
                {t.hex}
              </label>
              <div className={styles.hexField}>
                <span aria-hidden="true">#</span>
                <input
                  id="appearance-hex"
                  name="hex"
                  className={controls.input}
                  value={hex}
                  inputMode="text"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={HexColour.maxDigits}
                  aria-describedby="appearance-hex-hint"
                  onChange={(e) => onHex(e.currentTarget.value)}
                />
              </div>
            </div>
          </div>
          <p
            id="appearance-hex-hint"
            className={hint === undefined ? controls.hint : controls.hintWarning}
            role="status"
          >
            {hint ?? t.hexHint}
          </p>
          <div id="appearance-swatches" className={styles.swatches} hidden={!open}>
            <fieldset className={styles.row}>
              <legend className={styles.rowLabel}>{t.fromLogo}</legend>
              {view.logo_colours.length === 0 ? (
                <span className={controls.hint}>{t.noLogoColours}</span>
              ) : (
                view.logo_colours.map((c) => <Swatch key={c} colour={c} selected={c === draft.accent} onPick={pick} />)
              )}
            </fieldset>
            {Palette.presets.map((row, i) => (
              <fieldset key={Palette.ROW_LIGHTNESS[i]} className={styles.row}>
                <legend className={styles.rowLabel}>{`${t.presets}: ${i === 0 ? t.darkerRow : t.lighterRow}`}</legend>
                {row.map((c) => (
                  <Swatch key={c} colour={c} selected={c === draft.accent} onPick={pick} />
                ))}
              </fieldset>
            ))}
          </div>
        </fieldset>

        <fieldset className={`${controls.card} ${styles.section}`}>
          <legend>{t.typography}</legend>
          <div className={styles.grid}>
            <Choice
              id="appearance-font"
              label={t.font}
              value={draft.font}
              options={fontNames}
              onChange={(font) => set({ font })}
            />
            <Choice
              id="appearance-heading"
              label={t.headingStyle}
              value={draft.heading_style}
              options={t.headingStyles}
              onChange={(heading_style) => set({ heading_style })}
            />
            <Choice
              id="appearance-logo-position"
              label={t.logoPosition}
              value={draft.logo_position}
              options={t.logoPositions}
              onChange={(logo_position) => set({ logo_position })}
            />
            <Choice
              id="appearance-logo-size"
              label={t.logoSize}
              value={draft.logo_size}
              options={t.logoSizes}
              onChange={(logo_size) => set({ logo_size })}
            />
            <Choice
              id="appearance-density"
              label={t.spacing}
              value={draft.density}
              options={t.densities}
              onChange={(density) => set({ density })}
            />
            <div>
              <Choice
                id="appearance-legacy-theme"
                label={t.legacyTheme}
                value={draft.legacy_theme}
                options={Appearance.legacyThemes}
                onChange={(legacy_theme) => set({ legacy_theme })}
              />
              <span className={controls.hint}>{t.legacyThemeHint}</span>
            </div>
          </div>
        </fieldset>

        <fieldset className={`${controls.card} ${styles.section}`}>
          <legend>{t.pdf}</legend>
          <label className={controls.checkbox}>
            <input
              type="checkbox"
              name="show_pdf"
              checked={draft.show_pdf}
              onChange={(e) => set({ show_pdf: e.currentTarget.checked })}
            />
            {t.showPdf}
          </label>
          {draft.show_pdf && (
            <fieldset className={styles.section} data-pdf-page-size>
              <legend>{t.pageSize}</legend>
              {(["A4", "Letter"] as const).map((size) => (
                <label key={size} className={controls.checkbox}>
                  <input
                    type="radio"
                    name="pdf_page_size"
                    value={size}
                    checked={draft.pdf_page_size === size}
                    onChange={() => set({ pdf_page_size: size })}
                  />
                  {size === "A4" ? t.a4 : t.letter}
                </label>
              ))}
            </fieldset>
          )}
        </fieldset>

        <div className={styles.current}>
          <button type="submit" className={controls.primary} disabled={save.isPending}>
            {save.isPending ? t.saving : t.save}
          </button>
          <span role="status">{saved ? t.saved : ""}</span>
        </div>
      </form>

      <aside className={styles.thumbWrap} aria-label={t.preview}>
        <div className={styles.thumb}>
          <iframe title={t.thumbnail} sandbox="allow-same-origin" srcDoc={preview ?? ""} tabIndex={-1} />
        </div>
        <button type="button" className={controls.button} onClick={() => dialog.current?.showModal()}>
          {t.fullSize}
        </button>
      </aside>

      <dialog ref={dialog} className={styles.dialog} aria-label={t.fullSize}>
        <div className={styles.dialogBar}>
          <strong>{t.fullSize}</strong>
          <button type="button" className={controls.button} onClick={() => dialog.current?.close()}>
            {t.close}
          </button>
        </div>
        <iframe title={t.fullSizeFrame} sandbox="allow-same-origin" srcDoc={preview ?? ""} />
      </dialog>
    </div>
  )
}
