/**
 * Pages and what flows onto them. Content is laid out first as `Block`s: pieces (a line of text, a rule, an image)
 * at offsets from the block's top, with the block's height known before anything is painted. `place` then puts a
 * block on the current page when it fits, on a new page when it fits there, and only a block taller than a whole
 * page is split, between its pieces, so no piece is ever cut and nothing reaches the footer. A running head (the
 * table's column headings) is painted at the top of every page started while it is set.
 */

/** Something painted at an offset from its block's top; `bottom` is where it ends. */
export interface Piece {
  readonly top: number
  readonly bottom: number
  readonly paint: (y: number) => void
}

/** Pieces and the block's height (which may exceed the last piece's bottom: padding). */
export interface Block {
  readonly pieces: ReadonlyArray<Piece>
  readonly height: number
}

/** The pieces moved down by `dy`. */
export const shift = (pieces: ReadonlyArray<Piece>, dy: number): Array<Piece> =>
  pieces.map((p) => ({ top: p.top + dy, bottom: p.bottom + dy, paint: (y: number) => p.paint(y + dy) }))

/** The printable area of every page, shared by all pages of a document. */
export interface Frame {
  readonly left: number
  readonly width: number
  readonly top: number
  /** The lowest point content may reach (the footer sits below it). */
  readonly bottom: number
}

/** Where the next block goes. */
export interface Flow {
  readonly doc: PDFKit.PDFDocument
  readonly frame: Frame
  y: number
  /** Painted at the top of every page started while set: the table's column headings. */
  head: Block | undefined
}

/** A flow at the top of the document's current (first) page. */
export const make = (doc: PDFKit.PDFDocument, frame: Frame): Flow => ({ doc, frame, y: frame.top, head: undefined })

/** Space above the first piece of a block continued on a new page. */
const CONTINUED_PAD = 4

const highest = (pieces: ReadonlyArray<Piece>): Piece => pieces.reduce((a, b) => (b.top < a.top ? b : a))

const paintAt = (pieces: ReadonlyArray<Piece>, y: number): void => {
  for (const piece of pieces) piece.paint(y)
}

/** The top of the content on a page just started (below the running head, if any). */
const freshTop = (flow: Flow): number => flow.frame.top + (flow.head?.height ?? 0)

/** Starts a page and paints the running head on it. */
export const newPage = (flow: Flow): void => {
  flow.doc.addPage()
  flow.y = flow.frame.top
  if (flow.head !== undefined) {
    paintAt(flow.head.pieces, flow.y)
    flow.y += flow.head.height
  }
}

/** Leaves `gap` points of space, unless at the top of a page. */
export const skip = (flow: Flow, gap: number): void => {
  if (flow.y > freshTop(flow)) flow.y = Math.min(flow.y + gap, flow.frame.bottom)
}

/** Sets the running head and paints it here, on a new page if it does not fit with `withRoom` more below it. */
export const startHead = (flow: Flow, head: Block, withRoom: number): void => {
  if (flow.y + head.height + withRoom > flow.frame.bottom && flow.y > freshTop(flow)) newPage(flow)
  flow.head = head
  paintAt(head.pieces, flow.y)
  flow.y += head.height
}

/** Ends the running head: later pages start with the content alone. */
export const endHead = (flow: Flow): void => {
  flow.head = undefined
}

/**
 * Paints the block at the flow's position and moves below it. A block that does not fit goes whole onto a new
 * page; one taller than a page fills this page piece by piece and goes on on the next ones.
 */
export const place = (flow: Flow, block: Block): void => {
  const room = flow.frame.bottom - flow.y
  if (block.height > room && flow.y > freshTop(flow) && block.height <= flow.frame.bottom - freshTop(flow))
    newPage(flow)
  let pieces = block.pieces
  let height = block.height
  while (height > flow.frame.bottom - flow.y) {
    if (pieces.length === 0) {
      flow.y = flow.frame.bottom
      return
    }
    const space = flow.frame.bottom - flow.y
    const here = pieces.filter((p) => p.bottom <= space)
    // At a page's top the highest piece goes on whatever its size, so the loop always ends.
    if (here.length === 0 && flow.y <= freshTop(flow)) here.push(highest(pieces))
    const painted = new Set(here)
    const rest = pieces.filter((p) => !painted.has(p))
    paintAt(here, flow.y)
    if (rest.length === 0) {
      flow.y = flow.frame.bottom
      return
    }
    const cut = Math.max(0, highest(rest).top - CONTINUED_PAD)
    pieces = shift(rest, -cut)
    height -= cut
    newPage(flow)
  }
  paintAt(pieces, flow.y)
  flow.y += height
}
