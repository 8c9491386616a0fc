export * as Chromium from "./Chromium.ts"
export { args, launch, launchPersistentContext } from "./Launch.ts"
