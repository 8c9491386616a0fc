import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import * as Password from "../src/Password.ts"

describe("Password", () => {
  it.effect("hashes in the documented format and verifies the same password", () =>
    Effect.gen(function* () {
      const stored = yield* Password.hash("demo-quotekit")
      assert.match(stored, /^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/)
      assert.isTrue(yield* Password.verify("demo-quotekit", stored))
      assert.isFalse(yield* Password.verify("demo-quotekiT", stored))
      assert.isFalse(yield* Password.verify("", stored))
    })
  )

  it.effect("salts every hash", () =>
    Effect.gen(function* () {
      const a = yield* Password.hash("same")
      const b = yield* Password.hash("same")
      assert.notStrictEqual(a, b)
      assert.isTrue(yield* Password.verify("same", b))
    })
  )

  it.effect("verifies hashes made with other parameters and flags them for rehash", () =>
    Effect.gen(function* () {
      // Made with N = 2^14 by the same format: old hashes keep working after the cost is raised.
      const stored = yield* Password.hash("pw")
      const [, , r, p, salt] = stored.split("$")
      assert.isFalse(Password.needsRehash(stored))
      const weaker = `scrypt$16384$${r}$${p}$${salt}$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`
      assert.isTrue(Password.needsRehash(weaker))
      assert.isFalse(yield* Password.verify("pw", weaker))
    })
  )

  it.effect("verifies cheap fixture hashes by the parameters they carry", () =>
    Effect.gen(function* () {
      const cheap = yield* Password.hashWith("fixture", { N: 2 ** 10, r: 8, p: 1 })
      assert.match(cheap, /^scrypt\$1024\$8\$1\$/)
      assert.isTrue(yield* Password.verify("fixture", cheap))
      assert.isFalse(yield* Password.verify("fixturE", cheap))
      assert.isTrue(Password.needsRehash(cheap))
    })
  )

  it.effect("treats malformed stored values as a wrong password", () =>
    Effect.gen(function* () {
      for (const stored of [
        "",
        "scrypt",
        "bcrypt$10$x",
        "scrypt$3$8$1$AAAAAAAAAAA=$AAAAAAAAAAAAAAAAAAAAAA==",
        "scrypt$2147483648$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
        "scrypt$16384$8$1$$",
        "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=$x"
      ]) {
        assert.isFalse(yield* Password.verify("pw", stored), stored)
      }
    })
  )
})
