/**
 * Statements of QuickBooks' query language (`GET /v3/company/{realmId}/query?query=...`). String literals are
 * single-quoted with `\'` for a quote inside, as Intuit documents (`DisplayName = 'Amy\'s Bird Sanctuary'`);
 * a backslash is doubled so a name ending in one cannot close the literal early. The statement is URL-encoded
 * by `URLSearchParams` where it is sent.
 */

/** A string literal for a `where` clause. */
export const literal = (value: string): string => `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`

/**
 * A `LIKE` pattern matching `text` anywhere. The query language has no escape for `%`, so a `%` typed by the
 * user is dropped rather than widening the search to everything.
 */
export const containing = (text: string): string => literal(`%${text.replace(/%/g, "")}%`)
