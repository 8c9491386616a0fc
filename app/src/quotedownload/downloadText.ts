/** The texts of the quotes download form. */
export const downloadText = {
  title: "Download quotes",
  format: "Format",
  csv: "CSV (a spreadsheet of the chosen quotes)",
  pdf: "PDF bundle (a ZIP of each quote's PDF)",
  which: "Quotes",
  status: "Status",
  search: "Search",
  selectAll: "Select all",
  selectNone: "Select none",
  choose: (title: string, no: number | null) => `Include ${no === null ? "" : `#${no} `}${title || "(untitled)"}`,
  chosen: (n: number, shown: number) => `${n} of ${shown} chosen`,
  download: (format: "csv" | "pdf", n: number) =>
    `${format === "csv" ? "Download CSV" : "Download PDF bundle"} (${n} ${n === 1 ? "quote" : "quotes"})`,
  noneChosen: "Choose at least one quote.",
  tooMany: (max: number) => `A download holds at most ${max} quotes in this format: choose fewer.`,
  noneMatch: "No quotes match.",
  firstPage: (n: number) => `The ${n} most recent quotes that match are shown.`
} as const
