/**
 * How an account's quotes look to its customers (Settings → Quote appearance): the accent colour, the font, the
 * heading style, where the logo sits and how big it is, compact or roomy spacing, a legacy theme, and whether
 * the customer may download the quote as a PDF (and on which paper). The customer page, the `qk-quote-view`
 * widget and the PDF all follow it.
 *
 * `css` turns an appearance into the page's style sheet (the preview's `quoteCss`): CSS custom properties
 * (`--qk-*`, which reach into the widget's shadow root) and a few rules on the page's own elements. Every value
 * comes from a closed list or a checked `#rrggbb`, so the sheet can be put in a page as it is.
 *
 * @example
 * import * as Appearance from "@quotekit/core/Appearance"
 * Appearance.css({ ...Appearance.defaults, accent: "#0f766e" as never })   // ":root{--qk-color-primary:#0f766e;…"
 *
 * @since 0.5.0
 */
import { Schema } from "effect"
import * as HexColour from "./HexColour.ts"

/** A font from the safe list: families every computer has, with fallbacks. */
export const Font = Schema.Literals(["system", "helvetica", "verdana", "georgia", "palatino"])
/** A font id. */
export type Font = typeof Font.Type

/** How each font is named on the settings page, its CSS stack, and the PDF face it maps to. */
export const fonts: Readonly<
  Record<Font, { readonly label: string; readonly stack: string; readonly serif: boolean }>
> = {
  system: {
    label: "System (clean sans-serif)",
    stack: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    serif: false
  },
  helvetica: { label: "Helvetica / Arial", stack: '"Helvetica Neue", Helvetica, Arial, sans-serif', serif: false },
  verdana: { label: "Verdana (wide, very legible)", stack: "Verdana, Geneva, Tahoma, sans-serif", serif: false },
  georgia: { label: "Georgia (serif)", stack: 'Georgia, "Times New Roman", Times, serif', serif: true },
  palatino: {
    label: "Palatino (classic serif)",
    stack: '"Palatino Linotype", Palatino, "Book Antiqua", Georgia, serif',
    serif: true
  }
}

/** Headings in the accent colour, in the text colour, or in the text colour underlined with the accent. */
export const HeadingStyle = Schema.Literals(["accent", "dark", "underlined"])
/** A heading style. */
export type HeadingStyle = typeof HeadingStyle.Type

/** Where the logo sits at the top of the quote. */
export const LogoPosition = Schema.Literals(["left", "centre", "right"])
/** A logo position. */
export type LogoPosition = typeof LogoPosition.Type

/** How big the logo is. */
export const LogoSize = Schema.Literals(["small", "medium", "large"])
/** A logo size. */
export type LogoSize = typeof LogoSize.Type

/** The logo's height on the page (CSS pixels) and in the PDF (points) for each size. */
export const logoHeight: Readonly<Record<LogoSize, { readonly px: number; readonly pt: number }>> = {
  small: { px: 32, pt: 32 },
  medium: { px: 48, pt: 56 },
  large: { px: 80, pt: 84 }
}

/** Compact (more on a screen) or roomy (more air) spacing. */
export const Density = Schema.Literals(["compact", "roomy"])
/** A density. */
export type Density = typeof Density.Type

/** The themes of earlier versions, kept for accounts that used them; "none" uses the choices above alone. */
export const LegacyTheme = Schema.Literals(["none", "classic", "slate", "paper"])
/** A legacy theme. */
export type LegacyTheme = typeof LegacyTheme.Type

/** How each legacy theme is named in its select. */
export const legacyThemes: Readonly<Record<LegacyTheme, string>> = {
  none: "None (use the choices above)",
  classic: "Classic (framed, grey page)",
  slate: "Slate (dark header band)",
  paper: "Paper (cream, no borders)"
}

/** The PDF's paper. */
export const PageSize = Schema.Literals(["A4", "Letter"])
/** A page size. */
export type PageSize = typeof PageSize.Type

/** An account's quote appearance. */
export const Appearance = Schema.Struct({
  accent: HexColour.HexColour,
  font: Font,
  heading_style: HeadingStyle,
  logo_position: LogoPosition,
  logo_size: LogoSize,
  density: Density,
  legacy_theme: LegacyTheme,
  /** Whether the customer page (and the team's quote page) offers 'Download PDF'. */
  show_pdf: Schema.Boolean,
  pdf_page_size: PageSize
})
/** An account's quote appearance. */
export type Appearance = typeof Appearance.Type

/** What an account that never changed its appearance has. */
export const defaults: Appearance = {
  accent: HexColour.HexColour.make("#1f5fbf"),
  font: "system",
  heading_style: "dark",
  logo_position: "left",
  logo_size: "medium",
  density: "roomy",
  legacy_theme: "none",
  show_pdf: true,
  pdf_page_size: "A4"
}

/** The fields that differ between two appearances, each with its old and new value (for the audit log). */
export const changes = (before: Appearance, after: Appearance): Record<string, readonly [unknown, unknown]> => {
  const out: Record<string, readonly [unknown, unknown]> = {}
  for (const key of Object.keys(after) as Array<keyof Appearance>) {
    if (before[key] !== after[key]) out[key] = [before[key], after[key]]
  }
  return out
}

/** Black or white, whichever reads better on `colour`. */
export const onColour = (colour: HexColour.HexColour): "#ffffff" | "#111111" =>
  HexColour.lightness(colour) > 0.6 ? "#111111" : "#ffffff"

const justify: Record<LogoPosition, string> = { left: "flex-start", centre: "center", right: "flex-end" }

const themeRules: Record<LegacyTheme, string> = {
  none: "",
  classic: ":root{background:#e9ebef}main{background:#fff;border:1px solid #c9ced8;border-radius:4px;padding:1.5rem}",
  slate: ".qk-brand{background:#2b3441;color:#fff;max-width:none;padding-inline:max(1rem,calc(50% - 25rem))}",
  paper: ":root{background:#fbf7ee}.qk-items li{border-color:transparent;background:#fffdf8}"
}

/**
 * The page's style sheet for an appearance (the preview's `quoteCss`): custom properties for the widget and the
 * page, the logo's place and size, the heading style and the legacy theme's rules.
 */
export const css = (a: Appearance): string => {
  const font = fonts[a.font].stack
  const spacing = a.density === "compact" ? "0.625rem" : "1.125rem"
  const heading = a.heading_style === "accent" ? a.accent : "var(--qk-color-text)"
  const rules = [
    `:root{--qk-color-primary:${a.accent};--qk-color-link:${a.accent};--qk-color-on-primary:${onColour(a.accent)};` +
      `--qk-font-family:${font};--qk-spacing:${spacing};--qk-color-heading:${heading};` +
      `--qk-logo-height:${logoHeight[a.logo_size].px}px}`,
    `.qk-brand{justify-content:${justify[a.logo_position]}}`,
    `.qk-logo{height:var(--qk-logo-height);width:auto;max-width:40vw}`,
    `.qk-title,.qk-items h3{color:var(--qk-color-heading)}`,
    a.heading_style === "underlined" ? `.qk-title{border-bottom:3px solid ${a.accent};padding-bottom:0.25rem}` : "",
    a.density === "compact" ? ".qk-items li{padding:0.5rem 0.75rem;margin-bottom:0.25rem}" : "",
    themeRules[a.legacy_theme]
  ]
  return rules.filter((r) => r !== "").join("\n")
}
