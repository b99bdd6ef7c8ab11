import { escapeHtml } from './render/render-email'

// A card like the e-mails' own, readable on a phone and in dark mode; these pages send
// no Content-Security-Policy that would refuse an inline stylesheet.
const STYLE = [
  'body{margin:0;padding:1rem;background:#f4f4f4;color:#1f1f1f;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}',
  'main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:8px}',
  'h1{margin:0 0 .75rem;font-size:1.25rem}',
  'button{padding:.6rem 1.2rem;border:0;border-radius:6px;background:#1f2937;color:#fff;font:inherit;font-weight:600;cursor:pointer}',
  'button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}',
  '@media (prefers-color-scheme:dark){body{background:#111;color:#eee}main{background:#1e1e1e}button{background:#e5e7eb;color:#111}}',
].join('')

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
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="color-scheme" content="light dark"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><link rel="icon" href="data:,"><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>
`
}
