/** The texts of the help pages. */
export const helpText = {
  title: "Help",
  search: "Search help",
  searchButton: "Search",
  searching: "Searching…",
  guides: "Guides",
  results: (n: number, q: string) => `${n} ${n === 1 ? "result" : "results"} for “${q}”`,
  noResults: (q: string) => `No help found for “${q}”. Try fewer or other words.`,
  backToHelp: "All help",
  notFound: "That help page does not exist.",
  contents: "On this page"
} as const
