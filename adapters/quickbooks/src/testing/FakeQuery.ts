/**
 * The part of QuickBooks' query language the fake understands, as QuickBooks reads it:
 * `select * from Entity [where Field op value [and ...]] [orderby Field [asc|desc]] [startposition n]
 * [maxresults n]`, keywords in any case, string literals single-quoted with `\'` and `\\` escapes, `=`, `!=`,
 * `<`, `<=`, `>`, `>=` and `LIKE` with `%`. Only the fields Intuit documents as filterable for an entity may be
 * used in `where` (a `PrivateNote` filter is refused, as QuickBooks refuses it), with QuickBooks' error.
 */

/** A parsed statement. */
export interface Statement {
  readonly entity: string
  readonly where: ReadonlyArray<Condition>
  readonly orderBy: { readonly field: string; readonly descending: boolean } | undefined
  readonly startPosition: number
  readonly maxResults: number
}

export interface Condition {
  readonly field: string
  readonly op: "=" | "!=" | "<" | "<=" | ">" | ">=" | "LIKE"
  readonly value: string | boolean
}

/** The error QuickBooks answers a statement it cannot read with (400, code 4000). */
export class QueryError extends Error {}

/** The fields each entity can be filtered on (Intuit's API reference, "filterable"). */
export const FILTERABLE: Readonly<Record<string, ReadonlySet<string>>> = {
  Customer: new Set([
    "Id",
    "DisplayName",
    "GivenName",
    "FamilyName",
    "CompanyName",
    "PrimaryEmailAddr",
    "Active",
    "MetaData.CreateTime",
    "MetaData.LastUpdatedTime"
  ]),
  Invoice: new Set([
    "Id",
    "DocNumber",
    "TxnDate",
    "DueDate",
    "CustomerRef",
    "TotalAmt",
    "Balance",
    "MetaData.CreateTime",
    "MetaData.LastUpdatedTime"
  ]),
  CreditMemo: new Set([
    "Id",
    "DocNumber",
    "TxnDate",
    "CustomerRef",
    "TotalAmt",
    "MetaData.CreateTime",
    "MetaData.LastUpdatedTime"
  ]),
  TaxCode: new Set(["Id", "Name", "Active"]),
  TaxRate: new Set(["Id", "Name", "Active"])
}

type Token = { readonly kind: "word" | "string" | "op"; readonly text: string }

const tokenize = (statement: string): ReadonlyArray<Token> => {
  const tokens: Array<Token> = []
  let i = 0
  while (i < statement.length) {
    const c = statement[i] as string
    if (/\s/.test(c)) {
      i++
    } else if (c === "'") {
      let text = ""
      i++
      for (;;) {
        if (i >= statement.length) throw new QueryError("Encountered an unterminated string literal")
        const d = statement[i] as string
        if (d === "\\" && i + 1 < statement.length) {
          text += statement[i + 1]
          i += 2
        } else if (d === "'") {
          i++
          break
        } else {
          text += d
          i++
        }
      }
      tokens.push({ kind: "string", text })
    } else if (/[<>=!]/.test(c)) {
      const two = statement.slice(i, i + 2)
      const op = [">=", "<=", "!="].includes(two) ? two : c
      tokens.push({ kind: "op", text: op })
      i += op.length
    } else {
      const m = /^[A-Za-z0-9_.*%]+/.exec(statement.slice(i))
      if (m === null) throw new QueryError(`Encountered " "${c}" "" at column ${i + 1}`)
      tokens.push({ kind: "word", text: m[0] })
      i += m[0].length
    }
  }
  return tokens
}

/** Read a statement, or throw `QueryError` with QuickBooks' kind of message. */
export const parse = (statement: string): Statement => {
  const tokens = tokenize(statement)
  let at = 0
  const peek = () => tokens[at]
  const next = (): Token => {
    const token = tokens[at++]
    if (token === undefined) throw new QueryError("Encountered <EOF>")
    return token
  }
  const keyword = (word: string) => {
    const token = next()
    if (token.kind !== "word" || token.text.toLowerCase() !== word)
      throw new QueryError(`Encountered " "${token.text}" "" expecting "${word}"`)
  }
  const isKeyword = (word: string) => peek()?.kind === "word" && peek()?.text.toLowerCase() === word
  keyword("select")
  keyword("*")
  keyword("from")
  const entity = next().text
  const filterable = FILTERABLE[entity]
  if (filterable === undefined) throw new QueryError(`Entity ${entity} is not queryable`)
  const where: Array<Condition> = []
  if (isKeyword("where")) {
    next()
    for (;;) {
      const field = next().text
      if (!filterable.has(field)) throw new QueryError(`property '${field}' is not queryable`)
      const opToken = next()
      const op = opToken.text.toUpperCase()
      if (!["=", "!=", "<", "<=", ">", ">=", "LIKE"].includes(op))
        throw new QueryError(`Encountered " "${opToken.text}" ""`)
      const valueToken = next()
      const value =
        valueToken.kind === "string"
          ? valueToken.text
          : /^(true|false)$/i.test(valueToken.text)
            ? valueToken.text.toLowerCase() === "true"
            : (() => {
                throw new QueryError(`Encountered " "${valueToken.text}" "" expecting a literal`)
              })()
      where.push({ field, op: op as Condition["op"], value })
      if (!isKeyword("and")) break
      next()
    }
  }
  let orderBy: Statement["orderBy"]
  if (isKeyword("orderby")) {
    next()
    const field = next().text
    let descending = false
    if (isKeyword("desc") || isKeyword("asc")) descending = next().text.toLowerCase() === "desc"
    orderBy = { field, descending }
  }
  let startPosition = 1
  let maxResults = 100
  if (isKeyword("startposition")) {
    next()
    startPosition = Number(next().text)
  }
  if (isKeyword("maxresults")) {
    next()
    maxResults = Math.min(1000, Number(next().text))
  }
  if (peek() !== undefined) throw new QueryError(`Encountered " "${peek()?.text}" ""`)
  if (!Number.isInteger(startPosition) || startPosition < 1 || !Number.isInteger(maxResults) || maxResults < 1)
    throw new QueryError("Invalid STARTPOSITION or MAXRESULTS")
  return { entity, where, orderBy, startPosition, maxResults }
}

/** A field's value in an entity: `MetaData.CreateTime` by path, a reference or an email address by its value. */
export const fieldOf = (entity: Record<string, unknown>, field: string): unknown => {
  let value: unknown = entity
  for (const part of field.split(".")) value = (value as Record<string, unknown> | undefined)?.[part]
  if (typeof value === "object" && value !== null) {
    const record = value as Record<string, unknown>
    return record.value ?? record.Address
  }
  return value
}

const likeToRegExp = (pattern: string): RegExp =>
  new RegExp(
    `^${pattern
      .split("%")
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
    "i"
  )

/** Whether an entity meets a condition (string comparison ignoring case, as QuickBooks compares names). */
export const matches = (entity: Record<string, unknown>, condition: Condition): boolean => {
  const actual = fieldOf(entity, condition.field)
  if (typeof condition.value === "boolean") {
    const flag = actual === undefined ? true : actual === true
    return condition.op === "!=" ? flag !== condition.value : flag === condition.value
  }
  if (actual === undefined || actual === null) return false
  const left = String(actual).toLowerCase()
  const right = condition.value.toLowerCase()
  switch (condition.op) {
    case "=":
      return left === right
    case "!=":
      return left !== right
    case "<":
      return left < right
    case "<=":
      return left <= right
    case ">":
      return left > right
    case ">=":
      return left >= right
    case "LIKE":
      return likeToRegExp(condition.value).test(String(actual))
  }
}
