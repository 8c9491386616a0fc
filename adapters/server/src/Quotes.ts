/**
 * The quotes, templates, history and dashboard features, composed for `main.ts`: `handlers` (their API groups)
 * and `services` (their repositories, the list cache and the expiry sweep). Kept apart so the composition root adds two lines
 * for all of them.
 *
 * @since 0.1.0
 */
import { Layer } from "effect"
import * as DashboardHttp from "./dashboard/Http.ts"
import * as DashboardRepo from "./dashboard/Repo.ts"
import * as HistoryHttp from "./history/Http.ts"
import * as HistoryRepo from "./history/Repo.ts"
import * as ExpirySweep from "./quotes/ExpirySweep.ts"
import * as QuotesHttp from "./quotes/Http.ts"
import * as ListCache from "./quotes/ListCache.ts"
import * as ListRepo from "./quotes/ListRepo.ts"
import * as QuoteRepo from "./quotes/Repo.ts"
import * as SaveRepo from "./quotes/SaveRepo.ts"
import * as SettingsRepo from "./quotes/SettingsRepo.ts"
import * as TemplatesHttp from "./templates/Http.ts"
import * as TemplateRepo from "./templates/Repo.ts"

/** The API group handlers of these features. */
export const handlers = Layer.mergeAll(QuotesHttp.layer, TemplatesHttp.layer, HistoryHttp.layer, DashboardHttp.layer)

/** The repositories behind them; needs a `SqlClient`. */
export const repositories = Layer.mergeAll(
  QuoteRepo.layer,
  SaveRepo.layer,
  SettingsRepo.layer,
  ListRepo.layer,
  HistoryRepo.layer,
  TemplateRepo.layer,
  DashboardRepo.layer
)

/** The repositories, the list cache and the background expiry sweep. */
export const services = Layer.mergeAll(
  repositories,
  ListCache.layer.pipe(Layer.provide(repositories)),
  ExpirySweep.layer.pipe(Layer.provide(repositories))
)
