/**
 * The contacts, reusable items, categories and taxes, leads, reviews, settings and uploads features, composed for
 * `main.ts`: `handlers` (their API groups) and `services` (their repositories and the file store). Kept apart
 * so the composition root adds two lines for all of them.
 *
 * @since 0.1.0
 */
import { Layer } from "effect"
import * as CatalogueHttp from "./categories/Http.ts"
import * as CatalogueRepo from "./categories/Repo.ts"
import * as ContactsHttp from "./contacts/Http.ts"
import * as ContactMergeRepo from "./contacts/MergeRepo.ts"
import * as ContactsRepo from "./contacts/Repo.ts"
import * as HistoryWriter from "./history/HistoryWriter.ts"
import * as ImportRepo from "./imports/Repo.ts"
import * as ItemsHttp from "./items/Http.ts"
import * as ItemsRepo from "./items/Repo.ts"
import * as LeadsHttp from "./leads/Http.ts"
import * as PublicForm from "./leads/PublicForm.ts"
import * as LeadsRepo from "./leads/Repo.ts"
import * as ReviewsHttp from "./reviews/Http.ts"
import * as ReviewsRepo from "./reviews/Repo.ts"
import * as SettingsHttp from "./settings/Http.ts"
import * as SettingsRepo from "./settings/Repo.ts"
import * as FileStorage from "./uploads/FileStorage.ts"
import * as UploadsHttp from "./uploads/Http.ts"
import * as FilesRepo from "./uploads/Repo.ts"

/** The API group handlers of these features. */
export const handlers = Layer.mergeAll(
  ContactsHttp.layer,
  ItemsHttp.layer,
  CatalogueHttp.layer,
  LeadsHttp.layer,
  PublicForm.layer,
  ReviewsHttp.layer,
  SettingsHttp.layer,
  UploadsHttp.layer
)

/** The services behind them; needs a `SqlClient`, and `QUOTEKIT_DATA_DIR` for the files (default `.quotekit`). */
export const services = Layer.mergeAll(
  ContactsRepo.layer,
  ContactMergeRepo.layer,
  HistoryWriter.layer,
  ItemsRepo.layer,
  CatalogueRepo.layer,
  LeadsRepo.layer,
  ReviewsRepo.layer,
  SettingsRepo.layer,
  FilesRepo.layer,
  ImportRepo.layer,
  FileStorage.layer
)
