import { assert } from "@effect/vitest"
import { describeBackends } from "@quotekit/pg/TestDatabase"
import { Effect } from "effect"
import { TestServer } from "../Harness.ts"
import { expectStatus, server, signUp } from "./Harness.ts"

describeBackends(
  "contacts, items, leads, settings and uploads in the contract",
  (it) => {
    it.effect("the OpenAPI document lists the endpoints, the public lead form without the session cookie", () =>
      Effect.gen(function* () {
        const { client } = yield* signUp()
        const doc = expectStatus(yield* client.get("/api/openapi.json"), 200).body
        for (const path of [
          "/get/contacts",
          "/post/contact-update/{contact_id}",
          "/get/lookup-contact/person",
          "/get/content-item/{kind}/{item_id}",
          "/post/content-item/merge",
          "/get/item-taxes",
          "/get/leads",
          "/leads/download-file/{lead_id}/{file_name}",
          "/public/lead-form/{form_key}",
          "/get/settings/account",
          "/service/file-upload/file",
          "/content-images/from-form/{dir_year}",
          "/post/import/preview"
        ]) {
          assert.property(doc.paths, path)
        }
        assert.property(doc.paths["/public/lead-form/{form_key}"].post.requestBody.content, "multipart/form-data")
        assert.isUndefined(doc.paths["/public/lead-form/{form_key}"].post.security?.[0]?.session)
      })
    )

    it.effect("every team endpoint needs a session and the anti-forgery token; the public form needs neither", () =>
      Effect.gen(function* () {
        const { url } = yield* TestServer
        const anonymous = (method: string, path: string, body?: string) =>
          Effect.promise(() =>
            fetch(`${url}${path}`, {
              method,
              headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
              ...(body === undefined ? {} : { body })
            }).then((r) => r.status)
          )
        assert.strictEqual(yield* anonymous("GET", "/get/contacts"), 401)
        assert.strictEqual(yield* anonymous("GET", "/get/settings/personal"), 401)
        assert.strictEqual(yield* anonymous("POST", "/post/contact-update/0", "{}"), 403)
        const { client } = yield* signUp()
        // Signed in, but a forged request (no token header) changes nothing.
        const forged = yield* Effect.promise(() =>
          fetch(`${url}/post/contact-update/0`, {
            method: "POST",
            headers: {
              cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
              "content-type": "application/json"
            },
            body: JSON.stringify({
              contact: { type: "company", name_first: "Forged", name_last: "", email: "", company_id: null },
              phones: [],
              addresses: []
            })
          }).then((r) => r.status)
        )
        assert.strictEqual(forged, 403)
        assert.strictEqual(expectStatus(yield* client.get("/get/contacts?getCount=1"), 200).body.total, 0)
        const form = new FormData()
        form.set("name", "Sam")
        const publicStatus = yield* Effect.promise(() =>
          fetch(`${url}/public/lead-form/0123456789abcdef0123`, { method: "POST", body: form }).then((r) => r.status)
        )
        assert.strictEqual(publicStatus, 404)
      })
    )
  },
  { layer: server }
)
