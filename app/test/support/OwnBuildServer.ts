/**
 * The real server (as `RealServer.start`) over a build of the app in a folder of its own. Other test files
 * rebuild `app/dist` while they run, which pulls the assets from under a server's pages; a build of one's own
 * keeps a long browser test file stable.
 */
import { spawn } from "node:child_process"
import { mkdtempSync } from "node:fs"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { Context, Effect, Exit, Layer, Scope } from "effect"
import { SqlClient } from "effect/sql"
import * as TestDatabase from "../../../adapters/pg/src/TestDatabase.ts"
import * as Mailer from "../../../adapters/server/src/auth/Mailer.ts"
import * as Main from "../../../adapters/server/src/main.ts"
import * as EventBusLocal from "../../../adapters/server/src/push/EventBusLocal.ts"
import * as ServerConfig from "../../../adapters/server/src/ServerConfig.ts"
import { appRoot } from "./build.ts"
import type { RealServer } from "./RealServer.ts"

/** Build the app for production into a new temporary folder; resolves with the folder. */
export const buildOwnApp = (): Promise<string> =>
  new Promise((resolve, reject) => {
    const outDir = mkdtempSync(join(tmpdir(), "quotekit-app-dist-"))
    const vite = join(dirname(createRequire(import.meta.url).resolve("vite/package.json")), "bin", "vite.js")
    const child = spawn(process.execPath, [vite, "build", "--logLevel", "warn", "--outDir", outDir, "--emptyOutDir"], {
      cwd: appRoot,
      env: { ...process.env, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"]
    })
    let output = ""
    const keep = (d: Buffer) => {
      output += d.toString()
    }
    child.stdout.on("data", keep)
    child.stderr.on("data", keep)
    child.on("error", reject)
    child.on("exit", (code) =>
      code === 0 ? resolve(outDir) : reject(new Error(`vite build failed (${code}):\n${output}`))
    )
  })

/** Start the real server over a fresh embedded database, serving the build in `dist`. */
export const startOn = async (dist: string): Promise<RealServer> => {
  process.env.QUOTEKIT_DATA_DIR ??= mkdtempSync(join(tmpdir(), "quotekit-app-files-"))
  const scope = Effect.runSync(Scope.make())
  const server = Main.layer.pipe(
    Layer.provide([
      ServerConfig.layer({
        port: 0,
        host: "127.0.0.1",
        appRoot: dist,
        signinPerAddress: { max: 1000, windowSeconds: 60 },
        signinPerEmail: { max: 1000, windowSeconds: 60 },
        logRequests: false
      }),
      EventBusLocal.layer,
      Mailer.layerMemory
    ]),
    Layer.provideMerge(TestDatabase.layer("pglite"))
  )
  const context = await Effect.runPromise(Layer.buildWithScope(server, scope))
  const url = await Effect.runPromise(Main.url.pipe(Effect.provide(context)))
  const sql = Context.get(context, SqlClient.SqlClient)
  return {
    url: url.replace("0.0.0.0", "127.0.0.1"),
    close: () => Effect.runPromise(Scope.close(scope, Exit.void)),
    sql: (use) => Effect.runPromise(use(sql))
  }
}
