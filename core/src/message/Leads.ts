/**
 * The messages of one area of the catalogue: leads. `Message.ts` gathers every area; a bundle that
 * must stay light imports the areas it shows from here.
 *
 * @since 0.5.0
 */
export const open = "Open"
export const converted = "Converted"
