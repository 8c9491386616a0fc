/**
 * The currencies a quote can be priced in: the product's table of 166 entries (id, name, ISO 4217 code,
 * symbol), numbered in alphabetical order of name as the product numbers them. The ids are stored on quotes
 * (`currency_id`) and accounts (`defaultCurrency`), so they never change; a new currency takes the next free id.
 *
 * The table follows the familiar "country currency" list of quoting and accounting products, so besides the
 * current ISO 4217 codes it keeps a few that such lists carry: recently withdrawn codes (HRK, CUC, LTL, SLL,
 * ZWL) for quotes made in them, and the local pounds of Guernsey, the Isle of Man and Jersey and the Tuvalu
 * dollar under their customary codes (GGP, IMP, JEP, TVD), which ISO 4217 does not list.
 *
 * @example
 * import * as Currency from "@quotekit/core/Currency"
 * Currency.byId(156) // Option.some({ id: 156, name: "United States Dollar", code: "USD", symbol: "$" })
 * Currency.special.map((c) => c.code) // ["AUD", "CAD", "EUR", "NZD", "ZAR", "GBP", "USD"]
 *
 * @since 0.1.0
 */
import { Option, Schema } from "effect"

// [id, name, code, symbol]; the ids are the product's own and must never be renumbered
const TABLE: ReadonlyArray<readonly [number, string, string, string]> = [
  [1, "Afghanistan Afghani", "AFN", "؋"],
  [2, "Albania Lek", "ALL", "L"],
  [3, "Algeria Dinar", "DZD", "د.ج"],
  [4, "Angola Kwanza", "AOA", "Kz"],
  [5, "Argentina Peso", "ARS", "$"],
  [6, "Armenia Dram", "AMD", "֏"],
  [7, "Aruba Guilder", "AWG", "ƒ"],
  [8, "Australia Dollar", "AUD", "$"],
  [9, "Azerbaijan Manat", "AZN", "₼"],
  [10, "Bahamas Dollar", "BSD", "$"],
  [11, "Bahrain Dinar", "BHD", ".د.ب"],
  [12, "Bangladesh Taka", "BDT", "৳"],
  [13, "Barbados Dollar", "BBD", "$"],
  [14, "Belarus Ruble", "BYN", "Br"],
  [15, "Belize Dollar", "BZD", "BZ$"],
  [16, "Bermuda Dollar", "BMD", "$"],
  [17, "Bhutan Ngultrum", "BTN", "Nu."],
  [18, "Bolivia Boliviano", "BOB", "Bs."],
  [19, "Bosnia and Herzegovina Convertible Mark", "BAM", "KM"],
  [20, "Botswana Pula", "BWP", "P"],
  [21, "Brazil Real", "BRL", "R$"],
  [22, "Brunei Darussalam Dollar", "BND", "$"],
  [23, "Bulgaria Lev", "BGN", "лв"],
  [24, "Burundi Franc", "BIF", "FBu"],
  [25, "Cabo Verde Escudo", "CVE", "$"],
  [26, "Cambodia Riel", "KHR", "៛"],
  [27, "Canada Dollar", "CAD", "$"],
  [28, "Cayman Islands Dollar", "KYD", "$"],
  [29, "Chile Peso", "CLP", "$"],
  [30, "China Yuan Renminbi", "CNY", "¥"],
  [31, "Colombia Peso", "COP", "$"],
  [32, "Communauté Financière Africaine (BCEAO) Franc", "XOF", "CFA"],
  [33, "Communauté Financière Africaine (BEAC) CFA Franc", "XAF", "FCFA"],
  [34, "Comoros Franc", "KMF", "CF"],
  [35, "Comptoirs Français du Pacifique (CFP) Franc", "XPF", "₣"],
  [36, "Congo/Kinshasa Franc", "CDF", "FC"],
  [37, "Costa Rica Colon", "CRC", "₡"],
  [38, "Croatia Kuna", "HRK", "kn"],
  [39, "Cuba Convertible Peso", "CUC", "$"],
  [40, "Cuba Peso", "CUP", "₱"],
  [41, "Czech Republic Koruna", "CZK", "Kč"],
  [42, "Denmark Krone", "DKK", "kr"],
  [43, "Djibouti Franc", "DJF", "Fdj"],
  [44, "Dominican Republic Peso", "DOP", "RD$"],
  [45, "East Caribbean Dollar", "XCD", "$"],
  [46, "Egypt Pound", "EGP", "£"],
  [47, "El Salvador Colon", "SVC", "₡"],
  [48, "Eritrea Nakfa", "ERN", "Nfk"],
  [49, "Eswatini Lilangeni", "SZL", "E"],
  [50, "Ethiopia Birr", "ETB", "Br"],
  [51, "Euro Member Countries", "EUR", "€"],
  [52, "Falkland Islands (Malvinas) Pound", "FKP", "£"],
  [53, "Fiji Dollar", "FJD", "$"],
  [54, "Gambia Dalasi", "GMD", "D"],
  [55, "Georgia Lari", "GEL", "₾"],
  [56, "Ghana Cedi", "GHS", "₵"],
  [57, "Gibraltar Pound", "GIP", "£"],
  [58, "Guatemala Quetzal", "GTQ", "Q"],
  [59, "Guernsey Pound", "GGP", "£"],
  [60, "Guinea Franc", "GNF", "FG"],
  [61, "Guyana Dollar", "GYD", "$"],
  [62, "Haiti Gourde", "HTG", "G"],
  [63, "Honduras Lempira", "HNL", "L"],
  [64, "Hong Kong Dollar", "HKD", "$"],
  [65, "Hungary Forint", "HUF", "Ft"],
  [66, "Iceland Krona", "ISK", "kr"],
  [67, "India Rupee", "INR", "₹"],
  [68, "Indonesia Rupiah", "IDR", "Rp"],
  [69, "International Monetary Fund (IMF) Special Drawing Rights", "XDR", "SDR"],
  [70, "Iran Rial", "IRR", "﷼"],
  [71, "Iraq Dinar", "IQD", "ع.د"],
  [72, "Isle of Man Pound", "IMP", "£"],
  [73, "Israel Shekel", "ILS", "₪"],
  [74, "Jamaica Dollar", "JMD", "J$"],
  [75, "Japan Yen", "JPY", "¥"],
  [76, "Jersey Pound", "JEP", "£"],
  [77, "Jordan Dinar", "JOD", "JD"],
  [78, "Kazakhstan Tenge", "KZT", "₸"],
  [79, "Kenya Shilling", "KES", "KSh"],
  [80, "Korea (North) Won", "KPW", "₩"],
  [81, "Korea (South) Won", "KRW", "₩"],
  [82, "Kuwait Dinar", "KWD", "KD"],
  [83, "Kyrgyzstan Som", "KGS", "с"],
  [84, "Laos Kip", "LAK", "₭"],
  [85, "Lebanon Pound", "LBP", "£"],
  [86, "Lesotho Loti", "LSL", "L"],
  [87, "Liberia Dollar", "LRD", "$"],
  [88, "Libya Dinar", "LYD", "LD"],
  [89, "Lithuania Litas", "LTL", "Lt"],
  [90, "Macau Pataca", "MOP", "MOP$"],
  [91, "Macedonia Denar", "MKD", "ден"],
  [92, "Madagascar Ariary", "MGA", "Ar"],
  [93, "Malawi Kwacha", "MWK", "MK"],
  [94, "Malaysia Ringgit", "MYR", "RM"],
  [95, "Maldives (Maldive Islands) Rufiyaa", "MVR", "Rf"],
  [96, "Mauritania Ouguiya", "MRU", "UM"],
  [97, "Mauritius Rupee", "MUR", "₨"],
  [98, "Mexico Peso", "MXN", "$"],
  [99, "Moldova Leu", "MDL", "L"],
  [100, "Mongolia Tughrik", "MNT", "₮"],
  [101, "Morocco Dirham", "MAD", "MAD"],
  [102, "Mozambique Metical", "MZN", "MT"],
  [103, "Myanmar (Burma) Kyat", "MMK", "K"],
  [104, "Namibia Dollar", "NAD", "$"],
  [105, "Nepal Rupee", "NPR", "₨"],
  [106, "Netherlands Antilles Guilder", "ANG", "ƒ"],
  [107, "New Zealand Dollar", "NZD", "$"],
  [108, "Nicaragua Cordoba", "NIO", "C$"],
  [109, "Nigeria Naira", "NGN", "₦"],
  [110, "Norway Krone", "NOK", "kr"],
  [111, "Oman Rial", "OMR", "﷼"],
  [112, "Pakistan Rupee", "PKR", "₨"],
  [113, "Panama Balboa", "PAB", "B/."],
  [114, "Papua New Guinea Kina", "PGK", "K"],
  [115, "Paraguay Guarani", "PYG", "Gs"],
  [116, "Peru Sol", "PEN", "S/."],
  [117, "Philippines Peso", "PHP", "₱"],
  [118, "Poland Zloty", "PLN", "zł"],
  [119, "Qatar Riyal", "QAR", "﷼"],
  [120, "Romania Leu", "RON", "lei"],
  [121, "Russia Ruble", "RUB", "₽"],
  [122, "Rwanda Franc", "RWF", "FRw"],
  [123, "Saint Helena Pound", "SHP", "£"],
  [124, "Samoa Tala", "WST", "WS$"],
  [125, "São Tomé and Príncipe Dobra", "STN", "Db"],
  [126, "Saudi Arabia Riyal", "SAR", "﷼"],
  [127, "Serbia Dinar", "RSD", "дин."],
  [128, "Seychelles Rupee", "SCR", "₨"],
  [129, "Sierra Leone Leone", "SLE", "Le"],
  [130, "Sierra Leone Leone (old)", "SLL", "Le"],
  [131, "Singapore Dollar", "SGD", "$"],
  [132, "Solomon Islands Dollar", "SBD", "$"],
  [133, "Somalia Shilling", "SOS", "S"],
  [134, "South Africa Rand", "ZAR", "R"],
  [135, "South Sudan Pound", "SSP", "£"],
  [136, "Sri Lanka Rupee", "LKR", "₨"],
  [137, "Sudan Pound", "SDG", "£"],
  [138, "Suriname Dollar", "SRD", "$"],
  [139, "Sweden Krona", "SEK", "kr"],
  [140, "Switzerland Franc", "CHF", "CHF"],
  [141, "Syria Pound", "SYP", "£"],
  [142, "Taiwan New Dollar", "TWD", "NT$"],
  [143, "Tajikistan Somoni", "TJS", "SM"],
  [144, "Tanzania Shilling", "TZS", "TSh"],
  [145, "Thailand Baht", "THB", "฿"],
  [146, "Tonga Pa'anga", "TOP", "T$"],
  [147, "Trinidad and Tobago Dollar", "TTD", "TT$"],
  [148, "Tunisia Dinar", "TND", "DT"],
  [149, "Turkey Lira", "TRY", "₺"],
  [150, "Turkmenistan Manat", "TMT", "m"],
  [151, "Tuvalu Dollar", "TVD", "$"],
  [152, "Uganda Shilling", "UGX", "USh"],
  [153, "Ukraine Hryvnia", "UAH", "₴"],
  [154, "United Arab Emirates Dirham", "AED", "د.إ"],
  [155, "United Kingdom Pound", "GBP", "£"],
  [156, "United States Dollar", "USD", "$"],
  [157, "Uruguay Peso", "UYU", "$U"],
  [158, "Uzbekistan Som", "UZS", "soʻm"],
  [159, "Vanuatu Vatu", "VUV", "VT"],
  [160, "Venezuela Bolívar", "VES", "Bs."],
  [161, "Venezuela Digital Bolívar", "VED", "Bs.D"],
  [162, "Viet Nam Dong", "VND", "₫"],
  [163, "Yemen Rial", "YER", "﷼"],
  [164, "Zambia Kwacha", "ZMW", "ZK"],
  [165, "Zimbabwe Dollar", "ZWL", "Z$"],
  [166, "Zimbabwe Gold", "ZWG", "ZiG"]
]

const KNOWN_IDS: ReadonlySet<number> = new Set(TABLE.map(([id]) => id))

/** A currency id the table knows; decoding any other number fails. Use for `currency_id` fields. */
export const CurrencyId = Schema.Int.pipe(
  Schema.check(Schema.makeFilter((id: number) => KNOWN_IDS.has(id), { expected: "a known currency id" })),
  Schema.brand("CurrencyId")
)

/** A currency id the table knows. */
export type CurrencyId = typeof CurrencyId.Type

/** One entry of the currency table, as the currency list endpoint sends it. */
export const Currency = Schema.Struct({
  id: CurrencyId,
  name: Schema.String.check(Schema.isNonEmpty()),
  code: Schema.String.check(Schema.isPattern(/^[A-Z]{3}$/)),
  symbol: Schema.String.check(Schema.isNonEmpty())
})

/** One entry of the currency table. */
export type Currency = typeof Currency.Type

/** Every currency, in id order (which is alphabetical order of name). */
export const all: ReadonlyArray<Currency> = TABLE.map(([id, name, code, symbol]) => ({
  id: CurrencyId.make(id),
  name,
  code,
  symbol
}))

const BY_ID: ReadonlyMap<number, Currency> = new Map(all.map((c) => [c.id, c]))
const BY_CODE: ReadonlyMap<string, Currency> = new Map(all.map((c) => [c.code, c]))

/** Look a currency up by id; `None` for an id the table does not know. */
export const byId = (id: number): Option.Option<Currency> => Option.fromUndefinedOr(BY_ID.get(id))

/** Look a currency up by ISO code ("usd" works too); `None` for an unknown code. */
export const byCode = (code: string): Option.Option<Currency> =>
  Option.fromUndefinedOr(BY_CODE.get(code.trim().toUpperCase()))

/** The id of US dollars, the currency of a new account or quote unless the account chose another. */
export const DEFAULT_ID: CurrencyId = CurrencyId.make(156)

/** The symbol shown when a quote carries none. */
export const DEFAULT_SYMBOL = "$"

/** The word for tax shown when an account has not chosen its own ("tax", "GST", "VAT"...). */
export const DEFAULT_TAX_WORD = "tax"

/**
 * The special set the product flags in its currency list (AUD, CAD, EUR, NZD, ZAR, GBP, USD), in id order;
 * use it for the short list offered above the full one.
 */
export const special: ReadonlyArray<Currency> = [8, 27, 51, 107, 134, 155, 156].map((id) => BY_ID.get(id)!)

/** Whether a currency is one of the special set. */
export const isSpecial = (id: number): boolean => special.some((c) => c.id === id)
