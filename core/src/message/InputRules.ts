/**
 * The messages of one area of the catalogue: small input rules (the card warning's words are not in the spec). `Message.ts` gathers every area; a bundle that
 * must stay light imports the areas it shows from here.
 *
 * @since 0.5.0
 */
export const colourTooLight = "That looks quite light, something darker will work better here."
export const colourTooDark = "That looks quite dark, something lighter will work better here."
export const cardPrefixUnknown = "That does not look like a Visa or Mastercard number."
