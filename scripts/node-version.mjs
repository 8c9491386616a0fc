// Run before `npm start`, `npm test` and `npm run bench`, by whatever Node npm found first on the PATH. `npm ci`
// brings Node 24 (the optional dependency `node-<platform>-<arch>`) and npm puts it first on the scripts' PATH;
// where no such package exists for the platform, the system's Node runs them, and this says what to install.
const [major, minor] = process.versions.node.split(".").map(Number)
if (major < 22 || (major === 22 && minor < 19)) {
  console.error(
    `quotekit needs Node.js 22.19 or newer (24 recommended) and this is ${process.version} on ${process.platform}-${process.arch}, ` +
      "for which npm ci brings none: install Node.js 24 from https://nodejs.org and run npm ci again."
  )
  process.exit(1)
}
