/**
 * PostgreSQL for quotekit: the database layer (PostgreSQL or the embedded PGlite), migrations, password
 * hashing, search text and the demo seed. The test harness is a separate entry, `@quotekit/pg/TestDatabase`,
 * because it depends on vitest.
 */
export * as Database from "./Database.ts"
export * as Migrations from "./Migrations.ts"
export * as Password from "./Password.ts"
export * as SearchText from "./SearchText.ts"
export * as Seed from "./Seed.ts"
export * as Token from "./Token.ts"
