/**
 * The messages of one area of the catalogue: acceptance certificates (our wording). `Message.ts` gathers every area; a bundle that
 * must stay light imports the areas it shows from here.
 *
 * @since 0.5.0
 */
export const acceptedEmailSubject = (title: string) => `Your accepted quote: ${title}`
export const acceptedEmailBody = (title: string, business: string) =>
  `Thank you for accepting ${title}.\n\nYour copy from ${business}, with its acceptance certificate, is attached. Keep it: anyone can check it against the record.`
