/**
 * The path of a request's address. Node gives the origin form (`/path?query`), which is cut at the query or
 * fragment without building a `URL`: the metrics, the request log and the headers read it on every request. Any
 * other form (an absolute address through a proxy) is parsed.
 *
 * @since 0.6.0
 */

/** The path of `url`, without its query or fragment. */
export const pathOf = (url: string): string => {
  if (!url.startsWith("/")) return new URL(url, "http://x").pathname
  const end = url.search(/[?#]/)
  return end === -1 ? url : url.slice(0, end)
}
