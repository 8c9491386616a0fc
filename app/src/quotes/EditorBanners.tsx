/**
 * The notices above the editor, from the server's banner facts: 'This is a new Template.', 'This is a copy of
 * the Quote.' / '... Template.', 'N Linked Items were matched.' and, for an example, 'Here’s a draft quote
 * based on the example.'. In adjustment mode, which adjustment is being made ('Adjustment B …', with the rule
 * that earlier items can only be credited) and the core's limit warning when it applies (`Adjustment.warning`).
 * When the quote was changed elsewhere while it is open (`useChangedElsewhere`): 'This quote was changed
 * elsewhere. Reload to see the changes; saving now will ask what to keep.' with a Reload button (the page's own
 * leave prompt asks first when the draft has unsaved changes).
 */
import * as Adjustment from "@quotekit/core/Adjustment"
import type * as QuotesApi from "@quotekit/core/api/QuotesApi"
import { Option } from "effect"
import { memo } from "react"
import { useMessages } from "../page/useMessages.ts"
import { useTexts } from "../page/useTexts.ts"
import banner from "../shell/Banner.module.css"
import controls from "../theme/Controls.module.css"

/** The texts the banner facts call for, in order. */
export const bannerTexts = (m: ReturnType<typeof useMessages>, b: QuotesApi.Banners): ReadonlyArray<string> => [
  ...(b.newTemplate ? [m.newTemplateBanner] : []),
  ...(b.copyOf === "quote" ? [m.copyOfQuoteBanner] : b.copyOf === "template" ? [m.copyOfTemplateBanner] : []),
  ...(b.example ? [m.exampleBanner] : []),
  ...(b.matchCount > 0 ? [m.linkedItemsMatched(b.matchCount)] : [])
]

const reloadPage = () => window.location.reload()

/**
 * The texts of the warning of a change made elsewhere, which the core's message catalogue does not have yet; they
 * belong in `core/src/Message.ts` once the core takes them.
 */
const changedText = {
  changedElsewhere: "This quote was changed elsewhere.",
  changedElsewhereDetail: "Reload to see the changes; saving now will ask what to keep.",
  reload: "Reload"
}

/** The warning that the open quote was changed elsewhere, with its Reload button. */
export const ChangedElsewhereBanner = ({ onReload = reloadPage }: { readonly onReload?: () => void }) => {
  const t = useTexts(changedText)
  return (
    <div className={banner.warning} role="status" data-changed-elsewhere>
      <div>
        <p className={banner.title}>{t.changedElsewhere}</p>
        <p className={banner.detail}>{t.changedElsewhereDetail}</p>
      </div>
      <button type="button" className={controls.button} onClick={onReload}>
        {t.reload}
      </button>
    </div>
  )
}

/**
 * The banners; nothing when no fact applies. `adjIndex` is the adjustment being made (0: not adjusting);
 * `changedElsewhere` shows the warning that the quote changed elsewhere, whose Reload calls `onReload`.
 */
export const EditorBanners = memo(function EditorBanners({
  banners,
  adjIndex = 0,
  changedElsewhere = false,
  onReload
}: {
  readonly banners: QuotesApi.Banners | undefined
  readonly adjIndex?: number
  readonly changedElsewhere?: boolean
  readonly onReload?: () => void
}) {
  const m = useMessages()
  const texts = banners === undefined ? [] : bannerTexts(m, banners)
  const adjusting = Adjustment.isAdjustment(adjIndex)
  const warning = adjusting ? Option.getOrNull(Adjustment.warning(adjIndex)) : null
  return (
    <>
      {changedElsewhere && <ChangedElsewhereBanner {...(onReload === undefined ? {} : { onReload })} />}
      {adjusting && (
        <div className={banner.banner} role="status" data-adjustment-banner={Adjustment.letter(adjIndex)}>
          <div>
            <p className={banner.title}>{m.makingAdjustment(Adjustment.letter(adjIndex))}</p>
            <p className={banner.detail}>{m.adjustmentItemLocked}</p>
          </div>
        </div>
      )}
      {warning !== null && (
        <div className={banner.warning} role="status" data-adjustment-warning>
          <p className={banner.title}>{warning}</p>
        </div>
      )}
      {texts.length > 0 && (
        <div className={banner.banner} role="status">
          <p className={banner.title}>{texts.join(" ")}</p>
        </div>
      )}
    </>
  )
})
