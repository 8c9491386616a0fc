/**
 * The guides and their index for the help pages, loaded once on first use (their own chunk). `loadGuides` may be
 * replaced in tests to hold the help page in its searching state.
 */
import { useEffect, useState } from "react"
import type * as Guides from "./guides.ts"

/** What the help pages read. */
export type GuidesModule = Pick<typeof Guides, "guides" | "sections">

/** Load the guides' chunk. */
export type LoadGuides = () => Promise<GuidesModule>

let loaded: Promise<GuidesModule> | undefined
/** The guides' chunk, loaded once. */
export const loadGuides: LoadGuides = () => {
  loaded ??= import("./guides.ts")
  return loaded
}

/** The guides once loaded; undefined while loading. */
export const useGuides = (load: LoadGuides = loadGuides): GuidesModule | undefined => {
  const [module, setModule] = useState<GuidesModule | undefined>()
  useEffect(() => {
    let live = true
    void load().then((m) => {
      if (live) setModule(m)
    })
    return () => {
      live = false
    }
  }, [load])
  return module
}
