/**
 * A ZIP archive of files stored as they are (method 0, no compression: PDFs are compressed already), written in
 * memory: local headers, the data, the central directory and its end record, names in UTF-8. Enough for the
 * PDF bundle of the quotes download; not for archives over 4 GB or 65,535 files.
 *
 * @since 0.2.0
 */
import { crc32 } from "node:zlib"

/** One file of the archive. */
export interface Entry {
  readonly name: string
  readonly bytes: Uint8Array
}

/** MS-DOS date and time fields of a moment (local time, as ZIP tools read them). */
const dosTime = (at: Date) => ({
  time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
  date: ((Math.max(at.getFullYear(), 1980) - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate()
})

/** The names made unique: a repeated name gets " (2)", " (3)"... before its extension. */
export const uniqueNames = (names: ReadonlyArray<string>): ReadonlyArray<string> => {
  const seen = new Set<string>()
  return names.map((name) => {
    let candidate = name
    for (let n = 2; seen.has(candidate.toLowerCase()); n++) candidate = name.replace(/(\.[^.]*)?$/, ` (${n})$1`)
    seen.add(candidate.toLowerCase())
    return candidate
  })
}

/** The archive of the entries (names made unique). */
export const zip = (entries: ReadonlyArray<Entry>, at: Date = new Date()): Uint8Array => {
  const { time, date } = dosTime(at)
  const names = uniqueNames(entries.map((e) => e.name)).map((n) => new TextEncoder().encode(n))
  const locals: Array<Uint8Array> = []
  const centrals: Array<Uint8Array> = []
  let offset = 0
  entries.forEach((entry, i) => {
    const name = names[i]!
    const crc = crc32(entry.bytes) >>> 0
    const size = entry.bytes.length
    const local = new DataView(new ArrayBuffer(30))
    local.setUint32(0, 0x04034b50, true)
    local.setUint16(4, 20, true)
    local.setUint16(6, 0x0800, true) // UTF-8 names
    local.setUint16(8, 0, true) // stored
    local.setUint16(10, time, true)
    local.setUint16(12, date, true)
    local.setUint32(14, crc, true)
    local.setUint32(18, size, true)
    local.setUint32(22, size, true)
    local.setUint16(26, name.length, true)
    local.setUint16(28, 0, true)
    locals.push(new Uint8Array(local.buffer), name, entry.bytes)
    const central = new DataView(new ArrayBuffer(46))
    central.setUint32(0, 0x02014b50, true)
    central.setUint16(4, 20, true)
    central.setUint16(6, 20, true)
    central.setUint16(8, 0x0800, true)
    central.setUint16(10, 0, true)
    central.setUint16(12, time, true)
    central.setUint16(14, date, true)
    central.setUint32(16, crc, true)
    central.setUint32(20, size, true)
    central.setUint32(24, size, true)
    central.setUint16(28, name.length, true)
    central.setUint32(42, offset, true)
    centrals.push(new Uint8Array(central.buffer), name)
    offset += 30 + name.length + size
  })
  const directorySize = centrals.reduce((n, b) => n + b.length, 0)
  const end = new DataView(new ArrayBuffer(22))
  end.setUint32(0, 0x06054b50, true)
  end.setUint16(8, entries.length, true)
  end.setUint16(10, entries.length, true)
  end.setUint32(12, directorySize, true)
  end.setUint32(16, offset, true)
  const parts = [...locals, ...centrals, new Uint8Array(end.buffer)]
  const out = new Uint8Array(parts.reduce((n, b) => n + b.length, 0))
  let at2 = 0
  for (const p of parts) {
    out.set(p, at2)
    at2 += p.length
  }
  return out
}
