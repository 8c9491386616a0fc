/** Drafts and an account for component tests, decoded from the same wire fixture the browser tests serve. */

import { Schema } from "effect"
import * as AccountApi from "../../../core/src/api/AccountApi.ts"
import { cacheAccountJson } from "./fixtures.ts"

/** The demo account cache, decoded. */
export const account: AccountApi.CacheAccount = Schema.decodeUnknownSync(AccountApi.CacheAccount)(cacheAccountJson())
