/**
 * The notices above the editor, from the server's banner facts: 'This is a new Template.', 'This is a copy of
 * the Quote.' / '... Template.', 'N Linked Items were matched.' and, for an example, 'Here’s a draft quote
 * based on the example.'.
 */
import type * as QuotesApi from "@quotekit/core/api/QuotesApi"
import { memo } from "react"
import { useMessages } from "../page/useMessages.ts"
import banner from "../shell/Banner.module.css"

/** The texts the banner facts call for, in order. */
export const bannerTexts = (m: ReturnType<typeof useMessages>, b: QuotesApi.Banners): ReadonlyArray<string> => [
  ...(b.newTemplate ? [m.newTemplateBanner] : []),
  ...(b.copyOf === "quote" ? [m.copyOfQuoteBanner] : b.copyOf === "template" ? [m.copyOfTemplateBanner] : []),
  ...(b.example ? [m.exampleBanner] : []),
  ...(b.matchCount > 0 ? [m.linkedItemsMatched(b.matchCount)] : [])
]

/** The banner; nothing when no fact applies. */
export const EditorBanners = memo(function EditorBanners({
  banners
}: {
  readonly banners: QuotesApi.Banners | undefined
}) {
  const m = useMessages()
  const texts = banners === undefined ? [] : bannerTexts(m, banners)
  if (texts.length === 0) return null
  return (
    <div className={banner.banner} role="status">
      <p className={banner.title}>{texts.join(" ")}</p>
    </div>
  )
})
