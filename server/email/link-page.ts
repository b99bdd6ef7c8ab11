import { escapeHtml } from './render/render-email'

/**
 * The small page an e-mail's link opens (unsubscribe, confirm the address): a title and
 * the body's HTML, already escaped by the caller. No referrer leaves it (its address
 * carries the link's token), and an empty icon of its own keeps browsers from asking
 * for /favicon.ico, a 404 in the log.
 *
 * @example c.html(linkPage('Unsubscribe', `<p>${escapeHtml(text)}</p>`))
 */
export function linkPage(title: string, body: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><link rel="icon" href="data:,"></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>
`
}
