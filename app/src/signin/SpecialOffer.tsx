/**
 * The special offer banner of the sign-in and new-account pages: shown to a visitor who arrived through a
 * referral link when the operator configured an offer (`GET /e/offer` decides from the landing cookie; a plain
 * fetch, so the signed-out pages load no contract code). Nothing is shown otherwise, or when the call fails.
 */
import { useQuery } from "@tanstack/react-query"
import { useMessages } from "../page/useMessages.ts"
import styles from "./SignIn.module.css"

const loadOffer = async (): Promise<string | null> => {
  const response = await fetch("/e/offer", { headers: { accept: "application/json" } })
  if (!response.ok) return null
  const body = (await response.json()) as { readonly offer?: unknown }
  return typeof body.offer === "string" && body.offer !== "" ? body.offer : null
}

/** The banner, when this visitor has an offer. */
export const SpecialOffer = () => {
  const m = useMessages()
  const offer = useQuery({ queryKey: ["special-offer"], queryFn: loadOffer, staleTime: Number.POSITIVE_INFINITY })
  if (offer.data === undefined || offer.data === null) return null
  return (
    <p className={styles.offer} role="note" data-special-offer>
      {m.specialOfferLabel} {offer.data}
    </p>
  )
}
