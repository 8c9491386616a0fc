import { describe } from "@effect/vitest"
import { Effect } from "effect"
import * as Memory from "../src/Memory.ts"
import { contract } from "./StorageContract.ts"

describe("Memory (the test double)", () => {
  contract((effect) => Effect.provide(effect, Memory.layer()), true)
})
