/**
 * `npm run manifest`: the custom elements manifest (custom-elements.json) from the elements' sources and JSDoc.
 * The plugin keeps the public API only: no `#private` members, no `_state` properties (Lit's `state: true`, which
 * the analyzer lists as attributes), and only the documented `qk-*` events.
 */
const publicApi = {
  name: "quotekit-public-api",
  packageLinkPhase({ customElementsManifest }) {
    for (const mod of customElementsManifest.modules) {
      for (const d of mod.declarations ?? []) {
        if (d.members) d.members = d.members.filter((m) => !/^[#_]/.test(m.name) && m.privacy !== "private")
        if (d.attributes) d.attributes = d.attributes.filter((a) => !/^_/.test(a.name) && !/^_/.test(a.fieldName ?? ""))
        if (d.events) d.events = d.events.filter((e) => e.name?.startsWith("qk-"))
      }
    }
  }
}

export default {
  globs: ["src/**/*.ts"],
  exclude: ["src/**/*.styles.ts", "src/styles/**"],
  litelement: true,
  outdir: ".",
  plugins: [publicApi]
}
