/**
 * 'Download PDF' on the team's quote page: shown while the account's quote appearance offers the PDF, and
 * opening the server's rendering of the quote as its customer sees it (`GET /get/quote-pdf/{id}`, the one
 * renderer the customer's download uses; an accepted quote's carries its acceptance certificate).
 */
import * as Message from "@quotekit/core/Message"
import { useQuery } from "@tanstack/react-query"
import { useApi } from "../api/client.ts"
import controls from "../theme/Controls.module.css"

/** The query key of whether quotes offer their PDF. */
export const pdfOfferKey = ["settings", "quote-pdf-offer"] as const

/** The link, or nothing while the account keeps PDFs off. */
export const QuotePdfLink = ({ quoteId }: { readonly quoteId: number }) => {
  const api = useApi()
  const offer = useQuery({
    queryKey: pdfOfferKey,
    queryFn: () => api.call((c) => c.appearance.pdfOffer()),
    staleTime: 60_000
  })
  if (offer.data?.show_pdf !== true) return null
  return (
    <a className={controls.button} href={`/get/quote-pdf/${quoteId}`} download data-quote-pdf>
      {Message.downloadPdf}
    </a>
  )
}
