/**
 * The uploads group's handlers: general files, the account logo (admins), the avatar, CSV files for import,
 * content images (typed or dropped into text), downloads for the file's own account, and the CSV import's
 * preview and run.
 *
 * @since 0.1.0
 */
import { Api } from "@quotekit/core/api/Api"
import { NotFound } from "@quotekit/core/api/ApiError"
import { CurrentAccount } from "@quotekit/core/api/Security"
import { Effect, Option } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { AccountCache } from "../account/Cache.ts"
import * as Import from "../imports/Import.ts"
import * as Avatar from "../profile/Avatar.ts"
import { requireAdmin } from "../settings/AdminOnly.ts"
import { SettingsRepo } from "../settings/Repo.ts"
import { type Purpose, type Received, receive, urlOf } from "./Receive.ts"
import { FilesRepo, type Parent } from "./Repo.ts"
import { respond } from "./Serve.ts"

const answer = (r: Received) => ({
  status: "success" as const,
  is_compatible_image: r.is_compatible_image,
  message: "",
  hash: r.row.hash,
  type: r.type,
  url: urlOf(r.row),
  original_filename: r.row.original_filename,
  file_id: r.row.file_id
})

/** The uploads group's handlers. */
export const layer = HttpApiBuilder.group(
  Api,
  "uploads",
  Effect.fn(function* (handlers) {
    const files = yield* FilesRepo
    const settings = yield* SettingsRepo
    const cache = yield* AccountCache

    const take = (
      payload: Parameters<typeof receive>[0],
      purpose: Purpose,
      parent?: (t: { account_id: number; signin_id: number }) => { table: Parent; id: number }
    ) =>
      Effect.gen(function* () {
        const t = yield* CurrentAccount
        return yield* receive(payload, {
          account: t.account_id,
          signin: t.signin_id,
          purpose,
          ...(parent === undefined ? {} : { parent: parent(t) })
        })
      })

    const contentImage = (payload: Parameters<typeof receive>[0]) =>
      Effect.map(
        take(payload, "image", (t) => ({ table: "content_images", id: t.account_id })),
        (r) => ({
          url: urlOf(r.row),
          original_filename: r.row.original_filename,
          hash: r.row.hash,
          file_id: r.row.file_id
        })
      )

    return handlers
      .handle("file", ({ payload }) => Effect.map(take(payload, "file"), answer))
      .handle("logo", ({ payload }) =>
        Effect.gen(function* () {
          yield* requireAdmin
          const { account_id } = yield* CurrentAccount
          const r = yield* take(payload, "image", (t) => ({ table: "accounts", id: t.account_id }))
          yield* settings.setLogo(account_id, r.row.file_id)
          yield* cache.invalidateAccount(account_id)
          return answer(r)
        })
      )
      .handle("avatar", ({ payload }) =>
        Effect.gen(function* () {
          const r = yield* take(payload, "image", (t) => ({ table: "signins", id: t.signin_id }))
          const { signin_id } = yield* CurrentAccount
          const url = Avatar.urlOf(signin_id, r.row.file_id)
          yield* settings.setImage(signin_id, url)
          yield* Avatar.photoChanged(signin_id)
          return { ...answer(r), url }
        })
      )
      .handle("avatarImage", ({ params }) =>
        Effect.flatMap(CurrentAccount, (t) => Avatar.serve(t.account_id, params.signin_id, params.file_id))
      )
      .handle("csv", ({ payload }) => Effect.map(take(payload, "csv"), answer))
      .handle("imageFromForm", ({ payload }) => contentImage(payload))
      .handle("imageFromDrop", ({ payload }) => contentImage(payload))
      .handle("download", ({ params }) =>
        Effect.gen(function* () {
          const { account_id } = yield* CurrentAccount
          const row = Option.getOrUndefined(yield* files.byId(account_id, params.file_id))
          if (row === undefined || row.original_filename !== params.name) return yield* NotFound.answer()
          return yield* respond(row)
        })
      )
      .handle("importPreview", ({ payload }) => Effect.map(Import.prepare(payload), (p) => p.preview))
      .handle("importRun", ({ payload }) => Effect.flatMap(Import.prepare(payload), (p) => p.run))
  })
)
