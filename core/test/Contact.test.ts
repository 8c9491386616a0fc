import { assert, describe, it } from "@effect/vitest"
import { Schema } from "effect"
import fc from "fast-check"
import * as Address from "../src/Address.ts"
import * as Contact from "../src/Contact.ts"

const parse = Contact.parseFreeText

const firstNames = ["Jane", "Aroha", "Liam", "Priya", "Mateo", "Chloe", "Wei", "Siobhan"]
const lastNames = ["Smith", "Ngata", "O'Brien", "van der Berg", "Okafor", "Lee", "Martin-Jones"]
const companyStems = ["Acme", "Harbour", "Kiwi Build", "Bright Spark", "Northwind"]
const companySuffixes = ["Ltd", "Limited", "Inc", "LLC", "Pty Ltd", "GmbH"]
const streets = ["High St", "Queen Street", "Lambton Quay", "Rue de Rivoli", "Main Rd"]
const cities = ["Wellington", "Auckland", "Christchurch", "Dunedin", "Hamilton"]

const emailArb = fc.emailAddress().filter(Contact.isEmail)

describe("Contact", () => {
  describe("schema", () => {
    it("decodes a contact row with a company link", () => {
      const c = Schema.decodeUnknownSync(Contact.Contact)({
        contact_id: 12,
        type: "person",
        name_first: "Jane",
        name_last: "Smith",
        company_id: 4,
        email: "jane@acme.co",
        modified: 1_700_000_000,
        archive_id: 2,
        _name_company: "Acme Ltd"
      })
      assert.strictEqual(c.company_id, 4)
      assert.isTrue(Contact.isArchived(c))
      assert.throws(() => Schema.decodeUnknownSync(Contact.ContactType)("individual"))
    })
  })

  describe("isEmail", () => {
    it("accepts ordinary addresses", () => {
      for (const e of ["jane@acme.co", "jane.smith+quotes@mail.acme.co.nz", "o'brien@x.io", "a_b-c@d-e.com"]) {
        assert.isTrue(Contact.isEmail(e), e)
      }
    })

    it("refuses malformed ones", () => {
      const bad = ["", "jane", "jane@", "@acme.co", "jane@acme", "jane@@acme.co", "jane.@acme.co", ".jane@acme.co"]
      const more = ["ja ne@acme.co", "jane@acme..co", "jane@-acme.co", "jane@acme.c", "jane@acme.123", " jane@acme.co"]
      for (const e of [...bad, ...more]) assert.isFalse(Contact.isEmail(e), e)
      assert.isFalse(Contact.isEmail(`${"a".repeat(65)}@acme.co`))
      assert.isFalse(Contact.isEmail(`a@${`${"b".repeat(60)}.`.repeat(5)}com`))
    })

    it("accepts generated RFC addresses of ordinary length", () =>
      fc.assert(
        fc.property(
          fc.emailAddress({ size: "small" }),
          (e) => e.length > 254 || e.indexOf("@") > 64 || Contact.isEmail(e)
        )
      ))

    it("never accepts text without exactly one @ or with spaces", () =>
      fc.assert(
        fc.property(fc.string(), (s) => {
          const ats = s.split("@").length - 1
          return !Contact.isEmail(s) || (ats === 1 && !/\s/.test(s))
        })
      ))
  })

  describe("display names", () => {
    const base = { type: "person" as const, name_first: "", name_last: "", email: "" }

    it("uses first plus last for people, the company name for companies, then the email", () => {
      assert.strictEqual(Contact.displayName({ ...base, name_first: "Jane", name_last: "Smith" }), "Jane Smith")
      assert.strictEqual(Contact.displayName({ ...base, name_first: " Jane " }), "Jane")
      assert.strictEqual(Contact.displayName({ ...base, name_last: "Smith", _name_company: "Acme" }), "Smith")
      assert.strictEqual(
        Contact.displayName({ ...base, type: "company", name_first: "Jane", _name_company: "Acme Ltd" }),
        "Acme Ltd"
      )
      assert.strictEqual(Contact.displayName({ ...base, type: "company", name_first: "Jane" }), "Jane")
      assert.strictEqual(Contact.displayName({ ...base, email: "jane@acme.co" }), "jane@acme.co")
      assert.strictEqual(Contact.displayName({ ...base, email: "jane@acme.co", _name_company: "Acme" }), "Acme")
      assert.strictEqual(Contact.displayName(base), "")
    })

    it("is empty only when every name and the email are blank", () =>
      fc.assert(
        fc.property(
          fc.constantFrom<Contact.ContactType>("person", "company"),
          fc.string(),
          fc.string(),
          fc.string(),
          fc.string(),
          (type, name_first, name_last, email, company) =>
            (Contact.displayName({ type, name_first, name_last, email, _name_company: company }) === "") ===
            [name_first, name_last, email, company].every((s) => s.trim() === "")
        )
      ))
  })

  describe("splitName", () => {
    it("splits first from last, drops honorifics and reads 'Last, First'", () => {
      assert.deepStrictEqual(Contact.splitName("Jane Smith"), { name_first: "Jane", name_last: "Smith" })
      assert.deepStrictEqual(Contact.splitName("Dr. Anna van der Berg"), {
        name_first: "Anna",
        name_last: "van der Berg"
      })
      assert.deepStrictEqual(Contact.splitName("Smith, Jane"), { name_first: "Jane", name_last: "Smith" })
      assert.deepStrictEqual(Contact.splitName("Cher"), { name_first: "Cher", name_last: "" })
    })
  })

  describe("parseFreeText", () => {
    it("reads the spec's example block", () => {
      assert.deepStrictEqual(parse("Jane Smith\nAcme Ltd\n12 High St\nWellington 6011\njane@acme.co"), {
        email: "jane@acme.co",
        name_first: "Jane",
        name_last: "Smith",
        company: "Acme Ltd",
        address: { address: "12 High St", city: "Wellington", state: "", zip: "6011", country: "" },
        methods: [],
        extra: []
      })
    })

    it("reads an email signature with labels, phones and a website", () => {
      const sig = [
        "Dr. John O'Neil",
        "Operations Manager",
        "Builders Co.",
        "Ph: 04 555 0100",
        "Mob 021 555 0101",
        "Fax: 04 555 0102",
        "www.builders.co.nz",
        "1 Queen St",
        "Auckland 1010",
        "New Zealand",
        "E: john@builders.co.nz"
      ].join("\r\n")
      const out = parse(sig)
      assert.strictEqual(out.email, "john@builders.co.nz")
      assert.deepStrictEqual([out.name_first, out.name_last, out.company], ["John", "O'Neil", "Builders Co."])
      assert.deepStrictEqual(out.methods, [
        { phoneOther: "04 555 0100", phoneOther_type: 1 },
        { phoneOther: "021 555 0101", phoneOther_type: 3 },
        { phoneOther: "04 555 0102", phoneOther_type: 5 },
        { phoneOther: "www.builders.co.nz", phoneOther_type: 8 }
      ])
      assert.deepStrictEqual(out.address, {
        address: "1 Queen St",
        city: "Auckland",
        state: "",
        zip: "1010",
        country: "New Zealand"
      })
      assert.deepStrictEqual(out.extra, ["Operations Manager"])
    })

    it("reads a name beside the email and names in email addresses", () => {
      const beside = parse("Jane Smith <jane@acme.co>")
      assert.deepStrictEqual([beside.email, beside.name_first, beside.name_last], ["jane@acme.co", "Jane", "Smith"])
      const fromEmail = parse("jane.smith@acme.co")
      assert.deepStrictEqual([fromEmail.name_first, fromEmail.name_last], ["Jane", "Smith"])
      const generic = parse("info@acme.co\nAcme Ltd")
      assert.deepStrictEqual([generic.name_first, generic.company], ["", "Acme Ltd"])
      const mailto = parse("mailto:jane@acme.co.")
      assert.strictEqual(mailto.email, "jane@acme.co")
    })

    it("reads one comma-separated line and a 'Last, First' name", () => {
      const line = parse("Jane Smith, Acme Ltd, 12 High St, Wellington 6011, jane@acme.co")
      assert.deepStrictEqual([line.name_first, line.name_last, line.company], ["Jane", "Smith", "Acme Ltd"])
      assert.deepStrictEqual(
        [line.address.address, line.address.city, line.address.zip],
        ["12 High St", "Wellington", "6011"]
      )
      assert.deepStrictEqual([parse("Smith, Jane").name_first, parse("Smith, Jane").name_last], ["Jane", "Smith"])
    })

    it("reads labelled fields", () => {
      const out = parse(
        "Name: Bob Jones\nCompany: Widgets\nAddress: 5 Main Rd, Springfield, IL 62704\nEmail: bob@widgets.com"
      )
      assert.deepStrictEqual(
        [out.name_first, out.name_last, out.company, out.email],
        ["Bob", "Jones", "Widgets", "bob@widgets.com"]
      )
      assert.deepStrictEqual(out.address, {
        address: "5 Main Rd",
        city: "Springfield",
        state: "IL",
        zip: "62704",
        country: "United States"
      })
    })

    it("takes a plain line between name and street as the company", () => {
      const out = parse("Jane\nAcme\n12 High St\nWellington")
      assert.deepStrictEqual(
        [out.name_first, out.company, out.address.address, out.address.city],
        ["Jane", "Acme", "12 High St", "Wellington"]
      )
    })

    it("does not take a suburb after the street for a name", () => {
      const out = parse("12 High St\nThorndon\nWellington 6011")
      assert.deepStrictEqual([out.name_first, out.name_last], ["", ""])
      assert.strictEqual(out.address.address, "12 High St\nThorndon")
    })

    it("keeps the first email and lists further ones as extra", () => {
      const out = parse("Jane Smith\njane@acme.co, accounts@acme.co")
      assert.strictEqual(out.email, "jane@acme.co")
      assert.deepStrictEqual(out.extra, ["accounts@acme.co"])
    })

    it("yields nothing from blank text", () => {
      assert.deepStrictEqual(parse(" \n\t "), {
        email: "",
        name_first: "",
        name_last: "",
        company: "",
        address: Address.empty,
        methods: [],
        extra: []
      })
    })

    it("never loses the email, wherever it is pasted", () =>
      fc.assert(
        fc.property(
          fc.array(
            fc.string({ maxLength: 30 }).filter((s) => !s.includes("@")),
            { maxLength: 6 }
          ),
          emailArb,
          fc.nat(),
          fc.constantFrom("", "Email: ", "E: ", "<", "mailto:", "Jane Smith <"),
          fc.boolean(),
          (lines, email, at, before, ownLine) => {
            const i = at % (lines.length + 1)
            const wrapped = `${before}${email}${before.endsWith("<") ? ">" : ""}`
            const all = [...lines]
            if (ownLine || lines.length === 0) all.splice(i, 0, wrapped)
            else all[i % lines.length] = `${all[i % lines.length]} ${wrapped}`
            return parse(all.join("\n")).email === email
          }
        )
      ))

    it("finds no email in text without an @", () =>
      fc.assert(
        fc.property(
          fc.string().filter((s) => !s.includes("@")),
          (s) => parse(s).email === ""
        )
      ))

    it("never puts a line break in a name or company field", () =>
      fc.assert(
        fc.property(fc.string({ unit: fc.constantFrom(..."ab1 ,.\n@Ltd"), maxLength: 60 }), (s) => {
          const out = parse(s)
          return [out.email, out.name_first, out.name_last, out.company].every((f) => !/[\r\n]/.test(f))
        })
      ))

    it("reads generated contact blocks field by field", () =>
      fc.assert(
        fc.property(
          fc.constantFrom(...firstNames),
          fc.constantFrom(...lastNames),
          fc.option(fc.tuple(fc.constantFrom(...companyStems), fc.constantFrom(...companySuffixes))),
          fc.integer({ min: 1, max: 999 }),
          fc.constantFrom(...streets),
          fc.constantFrom(...cities),
          fc.integer({ min: 1000, max: 9999 }),
          emailArb,
          fc.nat(),
          (first, last, company, number, street, city, zip, email, at) => {
            const lines = [`${first} ${last}`]
            if (company) lines.push(company.join(" "))
            lines.push(`${number} ${street}`, `${city} ${zip}`)
            lines.splice(at % (lines.length + 1), 0, email)
            const out = parse(lines.join("\n"))
            return (
              out.email === email &&
              out.name_first === first &&
              out.name_last === last &&
              out.company === (company ? company.join(" ") : "") &&
              out.address.address === `${number} ${street}` &&
              out.address.city === city &&
              out.address.zip === String(zip)
            )
          }
        )
      ))
  })
})
