/**
 * `start.fresh-clone` (s): the first `npm start` of a fresh copy of this checkout after `npm ci` with only the
 * system's Node on the PATH, until it prints its address: the app build, the server bundle, a new embedded
 * database, its migrations and the demo seed. Budget 15 s on the build machine. `npm ci` itself is not timed
 * (it is the network's figure, not quotekit's).
 */
import { fileURLToPath } from "node:url"
import * as FreshClone from "../scripts/fresh-clone/FreshClone.ts"

const clone = FreshClone.make(fileURLToPath(new URL("..", import.meta.url)))
try {
  const install = await clone.npmCi()
  if (install.status !== 0) throw new Error(`npm ci failed:\n${install.output}`)
  const started = await clone.start()
  const status = await FreshClone.signIn(started.base, "demo@quotekit.dev", "demo-quotekit")
  await started.stop()
  if (status !== 200) throw new Error(`the demo sign-in answered ${status}`)
  console.log(`start.fresh-clone: ${started.seconds.toFixed(2)} s`)
} finally {
  clone.remove()
}
