/**
 * The country table and the rules around it: validating a typed country name, the states (provinces) of the
 * countries that have a list, and the country variants of the public site.
 *
 * The table holds the ISO 3166-1 countries and territories plus the usual extras (Kosovo, Ascension Island,
 * Tristan da Cunha, Canary Islands, Ceuta and Melilla, Diego Garcia, Netherlands Antilles): 256 rows, ids
 * ascending in alphabetical order of the English name. Ids are stored in accounts and addresses, so rows are
 * never renumbered; a new country is appended with the next id.
 *
 * @example
 * import * as Country from "@quotekit/core/Country"
 * Country.fromName("new zealand")              // Option.some({ id: 162, name: "New Zealand", prefix: "+64", ... })
 * Country.localisePath("/pricing", "NZ")       // "/nz/pricing"
 *
 * @since 0.1.0
 */
import { Option, Schema } from "effect"

/** Identifier of a country row; what accounts store as `account[country_id]`. */
export const CountryId = Schema.Int.pipe(Schema.brand("CountryId"))
/** Identifier of a country row. */
export type CountryId = typeof CountryId.Type

/** Identifier of a state or province row; what accounts store as `account[state_id]`. */
export const StateId = Schema.Int.pipe(Schema.brand("StateId"))
/** Identifier of a state or province row. */
export type StateId = typeof StateId.Type

/**
 * A country: name, international dialling prefix ("+64"; the full "+1268" style for the North American
 * numbering plan islands), ISO alpha-2 code and a centre point for maps.
 */
export const Country = Schema.Struct({
  id: CountryId,
  name: Schema.String,
  prefix: Schema.String,
  code: Schema.String,
  lat: Schema.Number,
  lng: Schema.Number
})
/** A country row. */
export type Country = typeof Country.Type

/** A state, province or territory of a country that has a list. */
export const State = Schema.Struct({
  id: StateId,
  country_code: Schema.String,
  code: Schema.String,
  name: Schema.String
})
/** A state or province row. */
export type State = typeof State.Type

// [id, name, prefix, ISO code, lat, lng]
const ROWS: ReadonlyArray<readonly [number, string, string, string, number, number]> = [
  [1, "Afghanistan", "+93", "AF", 33, 65],
  [2, "Åland Islands", "+358", "AX", 60.12, 19.9],
  [3, "Albania", "+355", "AL", 41, 20],
  [4, "Algeria", "+213", "DZ", 28, 3],
  [5, "American Samoa", "+1684", "AS", -14.33, -170],
  [6, "Andorra", "+376", "AD", 42.5, 1.5],
  [7, "Angola", "+244", "AO", -12.5, 18.5],
  [8, "Anguilla", "+1264", "AI", 18.25, -63.17],
  [9, "Antarctica", "+672", "AQ", -90, 0],
  [10, "Antigua and Barbuda", "+1268", "AG", 17.05, -61.8],
  [11, "Argentina", "+54", "AR", -34, -64],
  [12, "Armenia", "+374", "AM", 40, 45],
  [13, "Aruba", "+297", "AW", 12.5, -69.97],
  [14, "Ascension Island", "+247", "AC", -7.95, -14.36],
  [15, "Australia", "+61", "AU", -27, 133],
  [16, "Austria", "+43", "AT", 47.33, 13.33],
  [17, "Azerbaijan", "+994", "AZ", 40.5, 47.5],
  [18, "Bahamas", "+1242", "BS", 24.25, -76],
  [19, "Bahrain", "+973", "BH", 26, 50.55],
  [20, "Bangladesh", "+880", "BD", 24, 90],
  [21, "Barbados", "+1246", "BB", 13.17, -59.53],
  [22, "Belarus", "+375", "BY", 53, 28],
  [23, "Belgium", "+32", "BE", 50.83, 4],
  [24, "Belize", "+501", "BZ", 17.25, -88.75],
  [25, "Benin", "+229", "BJ", 9.5, 2.25],
  [26, "Bermuda", "+1441", "BM", 32.33, -64.75],
  [27, "Bhutan", "+975", "BT", 27.5, 90.5],
  [28, "Bolivia", "+591", "BO", -17, -65],
  [29, "Bosnia and Herzegovina", "+387", "BA", 44, 18],
  [30, "Botswana", "+267", "BW", -22, 24],
  [31, "Bouvet Island", "+47", "BV", -54.43, 3.4],
  [32, "Brazil", "+55", "BR", -10, -55],
  [33, "British Indian Ocean Territory", "+246", "IO", -6, 71.5],
  [34, "British Virgin Islands", "+1284", "VG", 18.43, -64.62],
  [35, "Brunei", "+673", "BN", 4.5, 114.67],
  [36, "Bulgaria", "+359", "BG", 43, 25],
  [37, "Burkina Faso", "+226", "BF", 13, -2],
  [38, "Burundi", "+257", "BI", -3.5, 30],
  [39, "Cambodia", "+855", "KH", 13, 105],
  [40, "Cameroon", "+237", "CM", 6, 12],
  [41, "Canada", "+1", "CA", 60, -95],
  [42, "Canary Islands", "+34", "IC", 28.3, -16],
  [43, "Cape Verde", "+238", "CV", 16, -24],
  [44, "Caribbean Netherlands", "+599", "BQ", 12.18, -68.25],
  [45, "Cayman Islands", "+1345", "KY", 19.5, -80.5],
  [46, "Central African Republic", "+236", "CF", 7, 21],
  [47, "Ceuta and Melilla", "+34", "EA", 35.89, -5.32],
  [48, "Chad", "+235", "TD", 15, 19],
  [49, "Chile", "+56", "CL", -30, -71],
  [50, "China", "+86", "CN", 35, 105],
  [51, "Christmas Island", "+61", "CX", -10.5, 105.67],
  [52, "Cocos (Keeling) Islands", "+61", "CC", -12.5, 96.83],
  [53, "Colombia", "+57", "CO", 4, -72],
  [54, "Comoros", "+269", "KM", -12.17, 44.25],
  [55, "Cook Islands", "+682", "CK", -21.23, -159.77],
  [56, "Costa Rica", "+506", "CR", 10, -84],
  [57, "Côte d'Ivoire", "+225", "CI", 8, -5],
  [58, "Croatia", "+385", "HR", 45.17, 15.5],
  [59, "Cuba", "+53", "CU", 21.5, -80],
  [60, "Curaçao", "+599", "CW", 12.12, -68.93],
  [61, "Cyprus", "+357", "CY", 35, 33],
  [62, "Czechia", "+420", "CZ", 49.75, 15.5],
  [63, "Democratic Republic of the Congo", "+243", "CD", 0, 25],
  [64, "Denmark", "+45", "DK", 56, 10],
  [65, "Diego Garcia", "+246", "DG", -7.31, 72.41],
  [66, "Djibouti", "+253", "DJ", 11.5, 43],
  [67, "Dominica", "+1767", "DM", 15.42, -61.33],
  [68, "Dominican Republic", "+1809", "DO", 19, -70.67],
  [69, "Ecuador", "+593", "EC", -2, -77.5],
  [70, "Egypt", "+20", "EG", 27, 30],
  [71, "El Salvador", "+503", "SV", 13.83, -88.92],
  [72, "Equatorial Guinea", "+240", "GQ", 2, 10],
  [73, "Eritrea", "+291", "ER", 15, 39],
  [74, "Estonia", "+372", "EE", 59, 26],
  [75, "Eswatini", "+268", "SZ", -26.5, 31.5],
  [76, "Ethiopia", "+251", "ET", 8, 38],
  [77, "Falkland Islands", "+500", "FK", -51.75, -59],
  [78, "Faroe Islands", "+298", "FO", 62, -7],
  [79, "Fiji", "+679", "FJ", -18, 178],
  [80, "Finland", "+358", "FI", 64, 26],
  [81, "France", "+33", "FR", 46, 2],
  [82, "French Guiana", "+594", "GF", 4, -53],
  [83, "French Polynesia", "+689", "PF", -17.68, -149.41],
  [84, "French Southern Territories", "+262", "TF", -49.25, 69.17],
  [85, "Gabon", "+241", "GA", -1, 11.75],
  [86, "Gambia", "+220", "GM", 13.47, -16.57],
  [87, "Georgia", "+995", "GE", 42, 43.5],
  [88, "Germany", "+49", "DE", 51, 9],
  [89, "Ghana", "+233", "GH", 8, -2],
  [90, "Gibraltar", "+350", "GI", 36.13, -5.35],
  [91, "Greece", "+30", "GR", 39, 22],
  [92, "Greenland", "+299", "GL", 72, -40],
  [93, "Grenada", "+1473", "GD", 12.12, -61.67],
  [94, "Guadeloupe", "+590", "GP", 16.25, -61.58],
  [95, "Guam", "+1671", "GU", 13.47, 144.78],
  [96, "Guatemala", "+502", "GT", 15.5, -90.25],
  [97, "Guernsey", "+44", "GG", 49.47, -2.58],
  [98, "Guinea", "+224", "GN", 11, -10],
  [99, "Guinea-Bissau", "+245", "GW", 12, -15],
  [100, "Guyana", "+592", "GY", 5, -59],
  [101, "Haiti", "+509", "HT", 19, -72.42],
  [102, "Heard Island and McDonald Islands", "+672", "HM", -53.1, 72.52],
  [103, "Honduras", "+504", "HN", 15, -86.5],
  [104, "Hong Kong", "+852", "HK", 22.27, 114.19],
  [105, "Hungary", "+36", "HU", 47, 20],
  [106, "Iceland", "+354", "IS", 65, -18],
  [107, "India", "+91", "IN", 20, 77],
  [108, "Indonesia", "+62", "ID", -5, 120],
  [109, "Iran", "+98", "IR", 32, 53],
  [110, "Iraq", "+964", "IQ", 33, 44],
  [111, "Ireland", "+353", "IE", 53, -8],
  [112, "Isle of Man", "+44", "IM", 54.25, -4.5],
  [113, "Israel", "+972", "IL", 31.5, 34.75],
  [114, "Italy", "+39", "IT", 42.83, 12.83],
  [115, "Jamaica", "+1876", "JM", 18.25, -77.5],
  [116, "Japan", "+81", "JP", 36, 138],
  [117, "Jersey", "+44", "JE", 49.25, -2.17],
  [118, "Jordan", "+962", "JO", 31, 36],
  [119, "Kazakhstan", "+7", "KZ", 48, 68],
  [120, "Kenya", "+254", "KE", 1, 38],
  [121, "Kiribati", "+686", "KI", 1.42, 173],
  [122, "Kosovo", "+383", "XK", 42.67, 21.17],
  [123, "Kuwait", "+965", "KW", 29.5, 45.75],
  [124, "Kyrgyzstan", "+996", "KG", 41, 75],
  [125, "Laos", "+856", "LA", 18, 105],
  [126, "Latvia", "+371", "LV", 57, 25],
  [127, "Lebanon", "+961", "LB", 33.83, 35.83],
  [128, "Lesotho", "+266", "LS", -29.5, 28.5],
  [129, "Liberia", "+231", "LR", 6.5, -9.5],
  [130, "Libya", "+218", "LY", 25, 17],
  [131, "Liechtenstein", "+423", "LI", 47.27, 9.53],
  [132, "Lithuania", "+370", "LT", 56, 24],
  [133, "Luxembourg", "+352", "LU", 49.75, 6.17],
  [134, "Macau", "+853", "MO", 22.17, 113.55],
  [135, "Madagascar", "+261", "MG", -20, 47],
  [136, "Malawi", "+265", "MW", -13.5, 34],
  [137, "Malaysia", "+60", "MY", 2.5, 112.5],
  [138, "Maldives", "+960", "MV", 3.25, 73],
  [139, "Mali", "+223", "ML", 17, -4],
  [140, "Malta", "+356", "MT", 35.83, 14.58],
  [141, "Marshall Islands", "+692", "MH", 9, 168],
  [142, "Martinique", "+596", "MQ", 14.67, -61],
  [143, "Mauritania", "+222", "MR", 20, -12],
  [144, "Mauritius", "+230", "MU", -20.28, 57.55],
  [145, "Mayotte", "+262", "YT", -12.83, 45.17],
  [146, "Mexico", "+52", "MX", 23, -102],
  [147, "Micronesia", "+691", "FM", 6.92, 158.25],
  [148, "Moldova", "+373", "MD", 47, 29],
  [149, "Monaco", "+377", "MC", 43.73, 7.4],
  [150, "Mongolia", "+976", "MN", 46, 105],
  [151, "Montenegro", "+382", "ME", 42.5, 19.3],
  [152, "Montserrat", "+1664", "MS", 16.75, -62.2],
  [153, "Morocco", "+212", "MA", 32, -5],
  [154, "Mozambique", "+258", "MZ", -18.25, 35],
  [155, "Myanmar", "+95", "MM", 22, 98],
  [156, "Namibia", "+264", "NA", -22, 17],
  [157, "Nauru", "+674", "NR", -0.53, 166.92],
  [158, "Nepal", "+977", "NP", 28, 84],
  [159, "Netherlands", "+31", "NL", 52.5, 5.75],
  [160, "Netherlands Antilles", "+599", "AN", 12.25, -68.75],
  [161, "New Caledonia", "+687", "NC", -21.5, 165.5],
  [162, "New Zealand", "+64", "NZ", -41, 174],
  [163, "Nicaragua", "+505", "NI", 13, -85],
  [164, "Niger", "+227", "NE", 16, 8],
  [165, "Nigeria", "+234", "NG", 10, 8],
  [166, "Niue", "+683", "NU", -19.03, -169.87],
  [167, "Norfolk Island", "+672", "NF", -29.03, 167.95],
  [168, "North Korea", "+850", "KP", 40, 127],
  [169, "North Macedonia", "+389", "MK", 41.83, 22],
  [170, "Northern Mariana Islands", "+1670", "MP", 15.2, 145.75],
  [171, "Norway", "+47", "NO", 62, 10],
  [172, "Oman", "+968", "OM", 21, 57],
  [173, "Pakistan", "+92", "PK", 30, 70],
  [174, "Palau", "+680", "PW", 7.5, 134.5],
  [175, "Palestine", "+970", "PS", 31.9, 35.2],
  [176, "Panama", "+507", "PA", 9, -80],
  [177, "Papua New Guinea", "+675", "PG", -6, 147],
  [178, "Paraguay", "+595", "PY", -23, -58],
  [179, "Peru", "+51", "PE", -10, -76],
  [180, "Philippines", "+63", "PH", 13, 122],
  [181, "Pitcairn Islands", "+64", "PN", -25.07, -130.1],
  [182, "Poland", "+48", "PL", 52, 20],
  [183, "Portugal", "+351", "PT", 39.5, -8],
  [184, "Puerto Rico", "+1787", "PR", 18.25, -66.5],
  [185, "Qatar", "+974", "QA", 25.5, 51.25],
  [186, "Republic of the Congo", "+242", "CG", -1, 15],
  [187, "Réunion", "+262", "RE", -21.15, 55.5],
  [188, "Romania", "+40", "RO", 46, 25],
  [189, "Russia", "+7", "RU", 60, 100],
  [190, "Rwanda", "+250", "RW", -2, 30],
  [191, "Saint Barthélemy", "+590", "BL", 17.9, -62.83],
  [192, "Saint Helena", "+290", "SH", -15.95, -5.72],
  [193, "Saint Kitts and Nevis", "+1869", "KN", 17.33, -62.75],
  [194, "Saint Lucia", "+1758", "LC", 13.88, -60.97],
  [195, "Saint Martin", "+590", "MF", 18.08, -63.95],
  [196, "Saint Pierre and Miquelon", "+508", "PM", 46.83, -56.33],
  [197, "Saint Vincent and the Grenadines", "+1784", "VC", 13.25, -61.2],
  [198, "Samoa", "+685", "WS", -13.58, -172.33],
  [199, "San Marino", "+378", "SM", 43.77, 12.42],
  [200, "São Tomé and Príncipe", "+239", "ST", 1, 7],
  [201, "Saudi Arabia", "+966", "SA", 25, 45],
  [202, "Senegal", "+221", "SN", 14, -14],
  [203, "Serbia", "+381", "RS", 44, 21],
  [204, "Seychelles", "+248", "SC", -4.58, 55.67],
  [205, "Sierra Leone", "+232", "SL", 8.5, -11.5],
  [206, "Singapore", "+65", "SG", 1.37, 103.8],
  [207, "Sint Maarten", "+1721", "SX", 18.03, -63.05],
  [208, "Slovakia", "+421", "SK", 48.67, 19.5],
  [209, "Slovenia", "+386", "SI", 46.12, 14.82],
  [210, "Solomon Islands", "+677", "SB", -8, 159],
  [211, "Somalia", "+252", "SO", 10, 49],
  [212, "South Africa", "+27", "ZA", -29, 24],
  [213, "South Georgia and the South Sandwich Islands", "+500", "GS", -54.5, -37],
  [214, "South Korea", "+82", "KR", 37, 127.5],
  [215, "South Sudan", "+211", "SS", 7, 30],
  [216, "Spain", "+34", "ES", 40, -4],
  [217, "Sri Lanka", "+94", "LK", 7, 81],
  [218, "Sudan", "+249", "SD", 15, 30],
  [219, "Suriname", "+597", "SR", 4, -56],
  [220, "Svalbard and Jan Mayen", "+47", "SJ", 78, 20],
  [221, "Sweden", "+46", "SE", 62, 15],
  [222, "Switzerland", "+41", "CH", 47, 8],
  [223, "Syria", "+963", "SY", 35, 38],
  [224, "Taiwan", "+886", "TW", 23.5, 121],
  [225, "Tajikistan", "+992", "TJ", 39, 71],
  [226, "Tanzania", "+255", "TZ", -6, 35],
  [227, "Thailand", "+66", "TH", 15, 100],
  [228, "Timor-Leste", "+670", "TL", -8.83, 125.92],
  [229, "Togo", "+228", "TG", 8, 1.17],
  [230, "Tokelau", "+690", "TK", -9, -172],
  [231, "Tonga", "+676", "TO", -20, -175],
  [232, "Trinidad and Tobago", "+1868", "TT", 10.7, -61.3],
  [233, "Tristan da Cunha", "+290", "TA", -37.11, -12.28],
  [234, "Tunisia", "+216", "TN", 34, 9],
  [235, "Turkey", "+90", "TR", 39, 35],
  [236, "Turkmenistan", "+993", "TM", 40, 60],
  [237, "Turks and Caicos Islands", "+1649", "TC", 21.75, -71.58],
  [238, "Tuvalu", "+688", "TV", -8, 178],
  [239, "Uganda", "+256", "UG", 1, 32],
  [240, "Ukraine", "+380", "UA", 49, 32],
  [241, "United Arab Emirates", "+971", "AE", 24, 54],
  [242, "United Kingdom", "+44", "GB", 54, -2],
  [243, "United States", "+1", "US", 38, -97],
  [244, "United States Minor Outlying Islands", "+1", "UM", 19.28, 166.65],
  [245, "United States Virgin Islands", "+1340", "VI", 18.35, -64.93],
  [246, "Uruguay", "+598", "UY", -33, -56],
  [247, "Uzbekistan", "+998", "UZ", 41, 64],
  [248, "Vanuatu", "+678", "VU", -16, 167],
  [249, "Vatican City", "+39", "VA", 41.9, 12.45],
  [250, "Venezuela", "+58", "VE", 8, -66],
  [251, "Vietnam", "+84", "VN", 16.17, 107.83],
  [252, "Wallis and Futuna", "+681", "WF", -13.3, -176.2],
  [253, "Western Sahara", "+212", "EH", 24.5, -13],
  [254, "Yemen", "+967", "YE", 15, 48],
  [255, "Zambia", "+260", "ZM", -15, 30],
  [256, "Zimbabwe", "+263", "ZW", -20, 30]
]

// [id, country code, state code, name]; ids are global so a state id alone identifies the row.
const STATE_ROWS: ReadonlyArray<readonly [number, string, string, string]> = [
  [1, "US", "AL", "Alabama"],
  [2, "US", "AK", "Alaska"],
  [3, "US", "AZ", "Arizona"],
  [4, "US", "AR", "Arkansas"],
  [5, "US", "CA", "California"],
  [6, "US", "CO", "Colorado"],
  [7, "US", "CT", "Connecticut"],
  [8, "US", "DE", "Delaware"],
  [9, "US", "DC", "District of Columbia"],
  [10, "US", "FL", "Florida"],
  [11, "US", "GA", "Georgia"],
  [12, "US", "HI", "Hawaii"],
  [13, "US", "ID", "Idaho"],
  [14, "US", "IL", "Illinois"],
  [15, "US", "IN", "Indiana"],
  [16, "US", "IA", "Iowa"],
  [17, "US", "KS", "Kansas"],
  [18, "US", "KY", "Kentucky"],
  [19, "US", "LA", "Louisiana"],
  [20, "US", "ME", "Maine"],
  [21, "US", "MD", "Maryland"],
  [22, "US", "MA", "Massachusetts"],
  [23, "US", "MI", "Michigan"],
  [24, "US", "MN", "Minnesota"],
  [25, "US", "MS", "Mississippi"],
  [26, "US", "MO", "Missouri"],
  [27, "US", "MT", "Montana"],
  [28, "US", "NE", "Nebraska"],
  [29, "US", "NV", "Nevada"],
  [30, "US", "NH", "New Hampshire"],
  [31, "US", "NJ", "New Jersey"],
  [32, "US", "NM", "New Mexico"],
  [33, "US", "NY", "New York"],
  [34, "US", "NC", "North Carolina"],
  [35, "US", "ND", "North Dakota"],
  [36, "US", "OH", "Ohio"],
  [37, "US", "OK", "Oklahoma"],
  [38, "US", "OR", "Oregon"],
  [39, "US", "PA", "Pennsylvania"],
  [40, "US", "RI", "Rhode Island"],
  [41, "US", "SC", "South Carolina"],
  [42, "US", "SD", "South Dakota"],
  [43, "US", "TN", "Tennessee"],
  [44, "US", "TX", "Texas"],
  [45, "US", "UT", "Utah"],
  [46, "US", "VT", "Vermont"],
  [47, "US", "VA", "Virginia"],
  [48, "US", "WA", "Washington"],
  [49, "US", "WV", "West Virginia"],
  [50, "US", "WI", "Wisconsin"],
  [51, "US", "WY", "Wyoming"],
  [52, "CA", "AB", "Alberta"],
  [53, "CA", "BC", "British Columbia"],
  [54, "CA", "MB", "Manitoba"],
  [55, "CA", "NB", "New Brunswick"],
  [56, "CA", "NL", "Newfoundland and Labrador"],
  [57, "CA", "NT", "Northwest Territories"],
  [58, "CA", "NS", "Nova Scotia"],
  [59, "CA", "NU", "Nunavut"],
  [60, "CA", "ON", "Ontario"],
  [61, "CA", "PE", "Prince Edward Island"],
  [62, "CA", "QC", "Quebec"],
  [63, "CA", "SK", "Saskatchewan"],
  [64, "CA", "YT", "Yukon"],
  [65, "AU", "ACT", "Australian Capital Territory"],
  [66, "AU", "NSW", "New South Wales"],
  [67, "AU", "NT", "Northern Territory"],
  [68, "AU", "QLD", "Queensland"],
  [69, "AU", "SA", "South Australia"],
  [70, "AU", "TAS", "Tasmania"],
  [71, "AU", "VIC", "Victoria"],
  [72, "AU", "WA", "Western Australia"]
]

/** Every country, ids ascending (alphabetical by name). */
export const all: ReadonlyArray<Country> = ROWS.map(([id, name, prefix, code, lat, lng]) => ({
  id: CountryId.make(id),
  name,
  prefix,
  code,
  lat,
  lng
}))

/** Every state or province, grouped by country in table order. */
export const allStates: ReadonlyArray<State> = STATE_ROWS.map(([id, country_code, code, name]) => ({
  id: StateId.make(id),
  country_code,
  code,
  name
}))

/**
 * Fold a typed name to a comparable key: case, accents, curly apostrophes, "&" for "and", "St." for
 * "Saint" and a leading "the" are ignored, so "cote d’ivoire", "The Bahamas" and "St Lucia" all match.
 */
const normalise = (text: string): string =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[\u2018\u2019`´]/g, "'")
    .replace(/&/g, " and ")
    .replace(/\./g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/(^| )st(?= )/g, "$1saint")
    .replace(/^the /, "")

/** Other names people type for a country (former, official ISO and everyday names), with its code; all accepted. */
export const otherNames: ReadonlyArray<readonly [name: string, code: string]> = [
  ["usa", "US"],
  ["us", "US"],
  ["united states of america", "US"],
  ["america", "US"],
  ["uk", "GB"],
  ["great britain", "GB"],
  ["britain", "GB"],
  ["england", "GB"],
  ["scotland", "GB"],
  ["wales", "GB"],
  ["northern ireland", "GB"],
  ["united kingdom of great britain and northern ireland", "GB"],
  ["uae", "AE"],
  ["holland", "NL"],
  ["ivory coast", "CI"],
  ["turkiye", "TR"],
  ["czech republic", "CZ"],
  ["swaziland", "SZ"],
  ["macedonia", "MK"],
  ["burma", "MM"],
  ["myanmar (burma)", "MM"],
  ["macao", "MO"],
  ["macao sar china", "MO"],
  ["hong kong sar china", "HK"],
  ["east timor", "TL"],
  ["cabo verde", "CV"],
  ["vatican", "VA"],
  ["holy see", "VA"],
  ["drc", "CD"],
  ["dr congo", "CD"],
  ["congo - kinshasa", "CD"],
  ["congo, democratic republic of the", "CD"],
  ["congo - brazzaville", "CG"],
  ["palestinian territories", "PS"],
  ["palestine, state of", "PS"],
  ["korea", "KR"],
  ["korea, republic of", "KR"],
  ["republic of korea", "KR"],
  ["korea, democratic people's republic of", "KP"],
  ["russian federation", "RU"],
  ["viet nam", "VN"],
  ["iran, islamic republic of", "IR"],
  ["syrian arab republic", "SY"],
  ["lao people's democratic republic", "LA"],
  ["tanzania, united republic of", "TZ"],
  ["bolivia, plurinational state of", "BO"],
  ["venezuela, bolivarian republic of", "VE"],
  ["moldova, republic of", "MD"],
  ["brunei darussalam", "BN"],
  ["micronesia, federated states of", "FM"],
  ["us virgin islands", "VI"],
  ["u s virgin islands", "VI"],
  ["falkland islands (malvinas)", "FK"],
  ["pitcairn", "PN"],
  ["reunion island", "RE"]
]

const byCode = new Map(all.map((c) => [c.code, c]))
const byKey = new Map<string, Country>([
  ...all.map((c) => [normalise(c.name), c] as const),
  ...otherNames.flatMap(([alias, code]) => {
    const country = byCode.get(code)
    return country ? [[normalise(alias), country] as const] : []
  })
])
const byIdMap = new Map(all.map((c) => [c.id, c]))

/** The country with an id; `None` for an unknown id. */
export const byId = (id: number): Option.Option<Country> => Option.fromNullishOr(byIdMap.get(id as CountryId))

/** The country with an ISO alpha-2 code (any case); `None` when unknown. */
export const fromCode = (code: string): Option.Option<Country> =>
  Option.fromNullishOr(byCode.get(code.trim().toUpperCase()))

/**
 * The country a typed name refers to, ignoring case, accents and spacing, and knowing common other names
 * ("USA", "UK", "Ivory Coast"); `None` when the text names no country. Use to validate a country field.
 */
export const fromName = (name: string): Option.Option<Country> => Option.fromNullishOr(byKey.get(normalise(name)))

/** The United States, the country assumed when nothing better is known (its public site has no prefix). */
export const defaultCountry: Country = byCode.get("US")!

/**
 * What a country field holds after the user leaves it: the typed country when the text names one, otherwise
 * the last valid value (the field reverts). With `allowEmpty`, clearing the text clears the field, for
 * optional fields such as an address country.
 */
export const acceptInput = (
  text: string,
  lastValid: Option.Option<Country>,
  options?: { readonly allowEmpty?: boolean }
): Option.Option<Country> => {
  if (text.trim() === "" && options?.allowEmpty === true) return Option.none()
  return Option.orElse(fromName(text), () => lastValid)
}

const statesByCountry = new Map<string, ReadonlyArray<State>>()
for (const state of allStates) {
  statesByCountry.set(state.country_code, [...(statesByCountry.get(state.country_code) ?? []), state])
}

/** The states or provinces offered for a country; empty when the product has no list for it. */
export const statesOf = (country: Country): ReadonlyArray<State> => statesByCountry.get(country.code) ?? []

/** Whether a country has a state list (the state field shows a list rather than staying hidden). */
export const hasStates = (country: Country): boolean => statesOf(country).length > 0

/** The state of a country named by its name or code, any case ("nsw", "New South Wales"); `None` otherwise. */
export const stateFromName = (country: Country, text: string): Option.Option<State> => {
  const key = normalise(text)
  if (key === "") return Option.none()
  return Option.fromNullishOr(statesOf(country).find((s) => normalise(s.name) === key || s.code.toLowerCase() === key))
}

/** The state with an id; `None` when unknown. */
export const stateById = (id: number): Option.Option<State> => Option.fromNullishOr(allStates.find((s) => s.id === id))

/**
 * The state kept after the country changes: the current one if it belongs to the new country, otherwise
 * none, so the state list clears when the country has none (or a different list).
 */
export const keepState = (country: Country, state: Option.Option<State>): Option.Option<State> =>
  Option.filter(state, (s) => s.country_code === country.code)

/**
 * Path prefixes of the public site's country variants, by ISO code. The United States (and every country
 * without a variant) uses the unprefixed site.
 */
export const sitePrefixes: Readonly<Record<string, string>> = {
  AU: "/au",
  CA: "/ca",
  FR: "/fr",
  DE: "/de",
  HK: "/hk",
  IN: "/in",
  ID: "/id",
  IE: "/ie",
  MY: "/my",
  NL: "/nl",
  NZ: "/nz",
  PH: "/ph",
  SG: "/sg",
  ZA: "/za",
  GB: "/uk"
}

/** The public-site prefix for a visitor's country code ("/nz"); "" for the United States and others. */
export const sitePrefix = (code: string): string => sitePrefixes[code.trim().toUpperCase()] ?? ""

/** The public-site links that are rewritten to the visitor's country variant. */
export const localisedPaths: ReadonlyArray<string> = ["/", "/pricing", "/tour", "/examples", "/help", "/support"]

/**
 * Rewrite a public-site link to the visitor's country variant: "/pricing" becomes "/nz/pricing" and "/"
 * becomes "/nz" for a New Zealand visitor. Other links, and every link for a visitor without a variant,
 * are returned unchanged; a query string or fragment is kept.
 */
export const localisePath = (href: string, code: string): string => {
  const prefix = sitePrefix(code)
  if (prefix === "") return href
  const cut = href.search(/[?#]/)
  const path = cut === -1 ? href : href.slice(0, cut)
  const rest = cut === -1 ? "" : href.slice(cut)
  const bare = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path
  if (!localisedPaths.includes(bare)) return href
  return `${prefix}${bare === "/" ? "" : bare}${rest}`
}

/** The country code of the site variant a public path belongs to ("/nz/pricing" gives "NZ"); `None` for the US site. */
export const siteCountryOfPath = (path: string): Option.Option<string> => {
  const first = `/${path.split(/[/?#]/)[1] ?? ""}`
  return Option.fromNullishOr(Object.entries(sitePrefixes).find(([, p]) => p === first)?.[0])
}
