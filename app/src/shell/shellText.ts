/**
 * The messages of the signed-in frame and of what every page shares (its title, the load failure banner, the
 * route error and Not Found pages), for `useTexts`: the first screen carries these, not the whole catalogue.
 *
 * @since 0.5.0
 */
import * as Message from "@quotekit/core/Message"

/** The frame's and every page's shared messages. */
export const shellText = {
  productName: Message.productName,
  mainNavigation: Message.mainNavigation,
  menu: Message.menu,
  dashboard: Message.dashboard,
  quotes: Message.quotes,
  contacts: Message.contacts,
  templatesAndItems: Message.templatesAndItems,
  pageTitle: Message.pageTitle,
  loadFailed: Message.loadFailed,
  pageNotFound: Message.pageNotFound,
  requestError: Message.requestError,
  checkConnection: Message.checkConnection,
  tryAgain: Message.tryAgain,
  chunkLoadFailed: Message.chunkLoadFailed,
  notFoundTitle: Message.notFoundTitle,
  notFoundBody: Message.notFoundBody
}
