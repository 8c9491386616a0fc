/** The kinds of discussion entry whose emptiness is reported. */
export type CommentKind = "Question" | "Comment" | "Answer" | "Note"

/** The title shown for a quote or template without one. */
export const untitled = "Untitled"
export const titled = (title: string) => (title.trim() === "" ? untitled : title)

// Each message is its own export, named in camelCase after what it is about.
export const total = "Total"
export const loading = "Loading…"
export const title = "Title"
