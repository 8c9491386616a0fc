/**
 * The guard that keeps webhook deliveries off the server's own network (SSRF): an endpoint's host is resolved
 * (every address it has) and refused when any address is loopback, private, link-local, unspecified, multicast or
 * reserved, including the IPv6 forms that carry an IPv4 address (mapped `::ffff:a.b.c.d`, compatible `::a.b.c.d`,
 * NAT64 `64:ff9b::/96`, 6to4 `2002::/16`).
 *
 * The check happens where the connection is made: `lookup` is the resolver the HTTP agent connects with, so the
 * address checked is the address connected to, and a name that answers differently a moment later (DNS
 * rebinding) gains nothing. Addresses written in the URL never reach a resolver, so `checkHost` checks them
 * first. A server whose receivers really are on its own network turns the guard off (`allowPrivate`, the
 * `WEBHOOKS_ALLOW_PRIVATE=true` setting).
 *
 * @example
 * AddressGuard.refusalOf("10.1.2.3") // "private"
 * AddressGuard.refusalOf("::ffff:127.0.0.1") // "loopback"
 * AddressGuard.refusalOf("93.184.216.34") // undefined: a public address
 *
 * @since 0.1.0
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns"
import { isIP, type LookupFunction } from "node:net"
import { Effect, Schema } from "effect"

/** Why an address is refused. */
export type Refusal = "loopback" | "private" | "link-local" | "unspecified" | "multicast" | "reserved"

/** The kinds of refusal, for messages and tests. */
export const refusals: ReadonlyArray<Refusal> = [
  "loopback",
  "private",
  "link-local",
  "unspecified",
  "multicast",
  "reserved"
]

/** The endpoint's host has an address webhooks may not reach. */
export class AddressRefused extends Schema.TaggedError<AddressRefused>()("AddressRefused", {
  host: Schema.String,
  address: Schema.String,
  reason: Schema.Literals(["loopback", "private", "link-local", "unspecified", "multicast", "reserved"])
}) {
  override get message(): string {
    return `${this.host} resolves to ${this.address}, a ${this.reason} address that webhooks may not reach (set WEBHOOKS_ALLOW_PRIVATE=true to allow it)`
  }
}

/** The endpoint's host name could not be resolved. */
export class HostNotFound extends Schema.TaggedError<HostNotFound>()("HostNotFound", {
  host: Schema.String,
  reason: Schema.String
}) {
  override get message(): string {
    return `${this.host} could not be resolved (${this.reason})`
  }
}

/** IPv4 ranges by refusal: [first octets as a 32-bit number, prefix length]. */
const v4Ranges: ReadonlyArray<readonly [number, number, Refusal]> = [
  [0x00000000, 8, "unspecified"], // 0.0.0.0/8, "this network"
  [0x7f000000, 8, "loopback"], // 127.0.0.0/8
  [0x0a000000, 8, "private"], // 10.0.0.0/8
  [0xac100000, 12, "private"], // 172.16.0.0/12
  [0xc0a80000, 16, "private"], // 192.168.0.0/16
  [0x64400000, 10, "private"], // 100.64.0.0/10, carrier-grade NAT
  [0xc6120000, 15, "private"], // 198.18.0.0/15, benchmarking
  [0xa9fe0000, 16, "link-local"], // 169.254.0.0/16, cloud metadata lives here
  [0xc0000000, 24, "reserved"], // 192.0.0.0/24, protocol assignments
  [0xe0000000, 4, "multicast"], // 224.0.0.0/4
  [0xf0000000, 4, "reserved"] // 240.0.0.0/4 and the broadcast address
]

/** An IPv4 address as a 32-bit number; undefined when `text` is not one. */
const parseV4 = (text: string): number | undefined => {
  const parts = text.split(".")
  if (parts.length !== 4) return undefined
  let n = 0
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return undefined
    n = n * 256 + Number(p)
  }
  return n
}

/** The refusal of an IPv4 address given as a 32-bit number. */
const refusalOfV4 = (n: number): Refusal | undefined => {
  for (const [base, prefix, refusal] of v4Ranges) {
    const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0
    if ((n & mask) >>> 0 === base) return refusal
  }
  return undefined
}

/** An IPv6 address as eight 16-bit groups (an IPv4 tail and a zone are understood); undefined when not one. */
const parseV6 = (input: string): ReadonlyArray<number> | undefined => {
  let text = input.startsWith("[") && input.endsWith("]") ? input.slice(1, -1) : input
  const zone = text.indexOf("%")
  if (zone >= 0) text = text.slice(0, zone)
  let tail: ReadonlyArray<number> = []
  if (text.includes(".")) {
    const cut = text.lastIndexOf(":")
    const v4 = parseV4(text.slice(cut + 1))
    if (v4 === undefined) return undefined
    tail = [v4 >>> 16, v4 & 0xffff]
    // Keep a "::" before the IPv4 part; drop a single separating colon.
    text = text.slice(0, cut + 1)
    if (!text.endsWith("::")) text = text.slice(0, -1)
  }
  const halves = text.split("::")
  if (halves.length > 2) return undefined
  const groups = (s: string | undefined) => (s === undefined || s === "" ? [] : s.split(":"))
  const head = groups(halves[0])
  const rest = halves.length === 2 ? groups(halves[1]) : []
  const explicit = head.length + rest.length + tail.length
  if (halves.length === 1 ? explicit !== 8 : explicit > 7) return undefined
  const hex = (g: string) => (/^[0-9a-fA-F]{1,4}$/.test(g) ? Number.parseInt(g, 16) : Number.NaN)
  const fill = halves.length === 2 ? 8 - explicit : 0
  const out = [...head.map(hex), ...Array<number>(fill).fill(0), ...rest.map(hex), ...tail]
  return out.some(Number.isNaN) ? undefined : out
}

/** The refusal of an IPv6 address given as eight groups. */
const refusalOfV6 = (g: ReadonlyArray<number>): Refusal | undefined => {
  const at = (i: number) => g[i] ?? 0
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0)
  const v4 = (hi: number, lo: number) => ((hi << 16) >>> 0) + lo
  if (zeros(0, 8)) return "unspecified"
  if (zeros(0, 7) && at(7) === 1) return "loopback"
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d): the IPv4 address is the one reached.
  if (zeros(0, 5) && (at(5) === 0xffff || at(5) === 0)) return refusalOfV4(v4(at(6), at(7)))
  // NAT64's well-known prefix carries the IPv4 address in its last 32 bits.
  if (at(0) === 0x64 && at(1) === 0xff9b && zeros(2, 6)) return refusalOfV4(v4(at(6), at(7)))
  // 6to4 carries it in bits 16 to 48.
  if (at(0) === 0x2002) return refusalOfV4(v4(at(1), at(2)))
  if ((at(0) & 0xfe00) === 0xfc00) return "private" // fc00::/7, unique local
  if ((at(0) & 0xffc0) === 0xfe80) return "link-local" // fe80::/10
  if ((at(0) & 0xffc0) === 0xfec0) return "private" // fec0::/10, the retired site-local
  if ((at(0) & 0xff00) === 0xff00) return "multicast" // ff00::/8
  if (at(0) === 0x100 && zeros(1, 4)) return "reserved" // 100::/64, discard
  return undefined
}

/**
 * Why an address (IPv4 or IPv6, brackets and zone allowed) may not be reached; undefined for a public address.
 * Text that is no address at all is refused as reserved, so nothing unparsed slips through.
 */
export const refusalOf = (address: string): Refusal | undefined => {
  const v4 = parseV4(address)
  if (v4 !== undefined) return refusalOfV4(v4)
  const v6 = parseV6(address)
  return v6 === undefined ? "reserved" : refusalOfV6(v6)
}

/** Whether `host` is an address written out (IPv4, or IPv6 with or without brackets) rather than a name. */
export const isAddress = (host: string): boolean =>
  isIP(host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host) !== 0

/** The error the guarded resolver answers a refused host with; `refused` holds the details. */
export class RefusedLookup extends Error {
  readonly refused: AddressRefused
  constructor(refused: AddressRefused) {
    super(refused.message)
    this.refused = refused
  }
}

/** The first refused address among `addresses`, if any (all must pass). */
const firstRefused = (host: string, addresses: ReadonlyArray<LookupAddress>): AddressRefused | undefined => {
  for (const a of addresses) {
    const reason = refusalOf(a.address)
    if (reason !== undefined) return new AddressRefused({ host, address: a.address, reason })
  }
  return undefined
}

/**
 * A resolver for `net.connect` / an undici `Agent`'s `connect.lookup`: resolves every address of the host and
 * fails with `RefusedLookup` when any is refused (unless `allowPrivate`), so a connection only ever goes to a
 * checked address.
 */
export const lookup =
  (options: { readonly allowPrivate: boolean }): LookupFunction =>
  (hostname, lookupOptions, callback) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error !== null) return callback(error, "", 0)
      const refused = options.allowPrivate ? undefined : firstRefused(hostname, addresses)
      if (refused !== undefined) return callback(new RefusedLookup(refused), "", 0)
      const wanted = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0
      const usable = wanted === 0 ? addresses : addresses.filter((a) => a.family === wanted)
      if (usable.length === 0) {
        const none: NodeJS.ErrnoException = new Error(`no IPv${wanted} address for ${hostname}`)
        none.code = "ENOTFOUND"
        return callback(none, "", 0)
      }
      // `all` is how Node's family auto-selection asks; a single answer otherwise.
      if (lookupOptions.all === true) return callback(null, usable)
      const first = usable[0] as LookupAddress
      callback(null, first.address, first.family)
    })
  }

/**
 * Check a URL's host before connecting: an address written in the URL is checked as it is (no resolver sees it);
 * a name is resolved and every address checked. For a quick answer when an endpoint is saved; deliveries rely on
 * `lookup` at connect time as well.
 */
export const checkHost = (
  host: string,
  options: { readonly allowPrivate: boolean }
): Effect.Effect<void, AddressRefused | HostNotFound> => {
  if (options.allowPrivate) return Effect.void
  if (isAddress(host)) {
    const address = host.startsWith("[") ? host.slice(1, -1) : host
    const reason = refusalOf(address)
    return reason === undefined ? Effect.void : Effect.fail(new AddressRefused({ host, address, reason }))
  }
  return Effect.callback<void, AddressRefused | HostNotFound>((resume) => {
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => {
      if (error !== null) return resume(Effect.fail(new HostNotFound({ host, reason: error.code ?? error.message })))
      const refused = firstRefused(host, addresses)
      resume(refused === undefined ? Effect.void : Effect.fail(refused))
    })
  })
}
