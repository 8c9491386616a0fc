/**
 * The part of Xero's `where` filter language the fake understands: clauses `Field=="text"` and `Field!="text"`
 * joined by `AND`, with `\"` and `\\` escapes inside the quotes, compared exactly against a record's field
 * (as Xero does for `Reference`, `EmailAddress`, `Name`, `Type` and `Status`). Anything else is a parse error,
 * so a client relying on more than this fails loudly in tests.
 *
 * @since 0.1.0
 */

/** One clause of a filter. */
export interface Clause {
  readonly field: string
  readonly op: "==" | "!="
  readonly value: string
}

/** Clauses of `where`, or the reason it cannot be read. */
export const parse = (where: string): ReadonlyArray<Clause> | string => {
  const clauses: Array<Clause> = []
  let rest = where.trim()
  while (rest !== "") {
    const head = /^([A-Za-z][A-Za-z0-9.]*)\s*(==|!=)\s*"/.exec(rest)
    if (head === null) return `Cannot parse the where filter near: ${rest}`
    let i = head[0].length
    let value = ""
    for (; i < rest.length && rest[i] !== '"'; i++) {
      if (rest[i] === "\\" && i + 1 < rest.length) i++
      value += rest[i]
    }
    if (i >= rest.length) return `Unterminated string in the where filter: ${rest}`
    clauses.push({ field: head[1]!, op: head[2] as Clause["op"], value })
    rest = rest.slice(i + 1).trim()
    if (rest === "") break
    const and = /^(AND|&&)\s+/i.exec(rest)
    if (and === null) return `Cannot parse the where filter near: ${rest}`
    rest = rest.slice(and[0].length)
  }
  return clauses
}

/** Whether a record passes every clause. */
export const matches = (record: Record<string, unknown>, clauses: ReadonlyArray<Clause>): boolean =>
  clauses.every((c) => {
    const value = record[c.field]
    const text = typeof value === "string" ? value : value === undefined || value === null ? "" : String(value)
    return c.op === "==" ? text === c.value : text !== c.value
  })
