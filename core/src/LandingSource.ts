/**
 * Where a visitor came from, kept in the landing cookie for source tracking: which kind of page they landed
 * on and what sent them there.
 *
 * The cookie holds up to 5 space-separated parts, each up to 50 characters of letters, digits, dot,
 * underscore and dash. One part records one landing as `{category}.{source}` ("blog.google",
 * "q.direct"); the first landing is always kept (it is what brought the visitor) plus the most recent ones.
 *
 * @example
 * import * as LandingSource from "@quotekit/core/LandingSource"
 * LandingSource.record("", { path: "/blog/pricing-tips", query: { utm_source: "newsletter" } })
 * // "blog.newsletter"
 *
 * @since 0.1.0
 */
import { Option } from "effect"
import * as Country from "./Country.ts"

/** Longest part of the cookie. */
export const maxPartLength = 50
/** Most parts the cookie holds. */
export const maxParts = 5
/** Lifetime of the landing cookie (it is also marked secure). */
export const cookieDays = 730

/** The kinds of landing page tracked: public-site content, or the app's customer and sign-up entry points. */
export type Category = "blog" | "help" | "e" | "examples" | "q" | "sign-in" | "new-account"

/** Which side of the product a landing category belongs to. */
export type Area = "public" | "app"

const CATEGORIES: ReadonlyArray<readonly [string, Category, Area]> = [
  ["/blog/", "blog", "public"],
  ["/help/", "help", "public"],
  ["/e/", "e", "public"],
  ["/examples/", "examples", "public"],
  ["/q/", "q", "app"],
  ["/sign-in", "sign-in", "app"],
  ["/new-account", "new-account", "app"]
]

/** Keep only the allowed characters and the first 50 of them; `None` when nothing is left. */
export const cleanPart = (raw: string): Option.Option<string> => {
  const part = raw.replace(/[^A-Za-z0-9._-]/g, "").slice(0, maxPartLength)
  return part === "" ? Option.none() : Option.some(part)
}

/** Whether a text is a valid cookie part as it stands. */
export const isValidPart = (part: string): boolean => /^[A-Za-z0-9._-]{1,50}$/.test(part)

/**
 * The landing category of a path and its area; public categories are also recognised under a country
 * prefix ("/nz/help/…"). `None` for pages that are not tracked categories.
 */
export const categoryOf = (path: string): Option.Option<{ readonly category: Category; readonly area: Area }> => {
  const site = Country.siteCountryOfPath(path)
  const unprefixed = Option.isSome(site) ? path.slice(Country.sitePrefix(site.value).length) : path
  for (const [start, category, area] of CATEGORIES) {
    const candidate = area === "public" ? unprefixed : path
    if (candidate.startsWith(start)) return Option.some({ category, area })
  }
  return Option.none()
}

/** Read the parts of a cookie value, dropping anything invalid; at most 5. */
export const decode = (cookie: string): ReadonlyArray<string> =>
  cookie
    .split(/\s+/)
    .flatMap((p) => Option.toArray(cleanPart(p)))
    .slice(0, maxParts)

/** Write parts as a cookie value: cleaned, empty ones dropped, at most 5, space-separated. */
export const encode = (parts: ReadonlyArray<string>): string =>
  parts
    .flatMap((p) => Option.toArray(cleanPart(p)))
    .slice(0, maxParts)
    .join(" ")

/** One page landing: its path, query parameters and, when known, the referring host. */
export interface Visit {
  readonly path: string
  readonly query?: Readonly<Record<string, string>>
  readonly referrerHost?: string
}

/** The source prefix of a landing through a referral link (`?ref={code}`): "ref-{code}". */
export const REFERRAL_PREFIX = "ref-"

/**
 * The part describing one landing: `{category}.{source}`, the category being "site" for untracked pages and
 * the source a referral link's code (`?ref=` as "ref-{code}"), else the `utm_source` parameter, else the
 * referring host without "www.", else "direct".
 */
export const partOf = (visit: Visit): string => {
  const category = Option.match(categoryOf(visit.path), { onNone: () => "site", onSome: (c) => c.category })
  const referrer = visit.referrerHost?.toLowerCase().replace(/^www\./, "")
  const ref = visit.query?.ref?.replace(/[^A-Za-z0-9_-]/g, "")
  const source = (ref ? `${REFERRAL_PREFIX}${ref}` : "") || visit.query?.utm_source || referrer || "direct"
  return Option.getOrElse(cleanPart(`${category}.${source}`), () => `${category}.direct`)
}

/**
 * The cookie value after a landing: the new part appended unless it repeats the latest one, keeping the
 * first part and the most recent others so at most 5 remain.
 */
export const record = (cookie: string, visit: Visit): string => {
  const parts = decode(cookie)
  const part = partOf(visit)
  if (parts[parts.length - 1] === part) return encode(parts)
  const next = [...parts, part]
  return encode(next.length > maxParts ? [next[0]!, ...next.slice(next.length - (maxParts - 1))] : next)
}

/** Whether a landing cookie records a landing through a referral link (the visitor may be offered the special offer). */
export const isReferral = (cookie: string): boolean =>
  decode(cookie).some((part) => part.slice(part.indexOf(".") + 1).startsWith(REFERRAL_PREFIX))

/** The landing cookie's name. */
export const COOKIE = "qk_landing"
