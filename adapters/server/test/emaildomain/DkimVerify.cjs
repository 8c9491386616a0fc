// Verifies the DKIM signature of the message on standard input with mailauth, answering TXT look-ups from the
// JSON zone in argv[2] ({ "name": [["string", …]], … }); prints mailauth's first result as JSON. Run as a plain
// Node process: the test runner's export conditions would hand mailauth nodemailer's ES modules.
const { dkimVerify } = require("mailauth")

const zone = JSON.parse(process.argv[2] ?? "{}")
const chunks = []
process.stdin.on("data", (c) => chunks.push(c))
process.stdin.on("end", async () => {
  const result = await dkimVerify(Buffer.concat(chunks), {
    resolver: async (name, type) => {
      const found = type === "TXT" ? zone[name.toLowerCase()] : undefined
      if (found === undefined) throw Object.assign(new Error(`no ${type} at ${name}`), { code: "ENOTFOUND" })
      return found
    }
  })
  process.stdout.write(JSON.stringify(result.results[0] ?? null))
})
