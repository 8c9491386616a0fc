/**
 * The texts of Settings → Quote appearance that the core's catalogue does not have (the lightness hints come
 * from `HexColour.hint`, the font and theme names from `Appearance`).
 */
export const appearanceText = {
  title: "Quote appearance",
  hint:
    "How your quotes look to your customers: on the quote page, in the quote widget and in the PDF. The preview " +
    "follows every change; nothing reaches your customers until you save.",
  colour: "Colour",
  changeColour: "Change colour",
  hideColours: "Hide colours",
  fromLogo: "From your logo",
  noLogoColours: "Upload a logo in Account Settings to pick colours from it.",
  presets: "Preset colours",
  darkerRow: "Darker",
  lighterRow: "Lighter",
  hex: "Hex colour",
  hexHint: "Six hex digits, e.g. 1f5fbf",
  typography: "Text and layout",
  font: "Font",
  headingStyle: "Headings",
  headingStyles: { accent: "In the colour", dark: "Dark", underlined: "Dark, underlined in the colour" },
  logoPosition: "Logo position",
  logoPositions: { left: "Left", centre: "Centre", right: "Right" },
  logoSize: "Logo size",
  logoSizes: { small: "Small", medium: "Medium", large: "Large" },
  spacing: "Spacing",
  densities: { compact: "Compact", roomy: "Roomy" },
  legacyTheme: "Legacy theme",
  legacyThemeHint: "Themes of earlier versions, kept for quotes that used them.",
  pdf: "PDF",
  showPdf: "Let customers download the quote as a PDF",
  pageSize: "PDF page size",
  a4: "A4",
  letter: "US Letter",
  preview: "Preview",
  thumbnail: "Quote preview (thumbnail)",
  fullSize: "Full-size preview",
  fullSizeFrame: "Quote preview (full size)",
  close: "Close",
  save: "Save",
  saving: "Saving…",
  saved: "Saved.",
  selected: "selected"
} as const
