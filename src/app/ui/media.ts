/**
 * Which media URLs the app loads by itself (README "Media"): http(s) URLs and this server's own
 * path-absolute files (the demo media under /demo). Anything else (data:, javascript:, file:, …) is
 * never loaded. Images load lazily and without a referrer (also the page's Referrer-Policy), so a
 * media host learns neither which page nor which workspace showed them.
 */
export const isLoadableMediaUrl = (url: string | null | undefined): url is string =>
  Boolean(url && (/^https?:\/\/\S+$/i.test(url) || /^\/(?!\/)\S*$/.test(url)));

/** Attributes every user-supplied image gets. */
export const MEDIA_IMG_PROPS = { loading: 'lazy', decoding: 'async', referrerPolicy: 'no-referrer' } as const;
