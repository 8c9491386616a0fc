/**
 * The messages of one area of the catalogue: number fields (the spec asks for an error hint without giving its words). `Message.ts` gathers every area; a bundle that
 * must stay light imports the areas it shows from here.
 *
 * @since 0.5.0
 */
export const numberUnparseable = "That isn't a number or a calculation"
export const numberNonFinite = "Can't divide by zero"
export const numberNegative = "Negative numbers aren't allowed here"
