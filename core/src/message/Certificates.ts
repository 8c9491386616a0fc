export const acceptedEmailSubject = (title: string) => `Your accepted quote: ${title}`
export const acceptedEmailBody = (title: string, business: string) =>
  `Thank you for accepting ${title}.\n\nYour copy from ${business}, with its acceptance certificate, is attached. Keep it: anyone can check it against the record.`
