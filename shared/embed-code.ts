// The code a site owner pastes into their pages, in its two forms. Shown by the studio's
// install card and printed by the backend at start; the bench's Lighthouse page embeds
// the same code, so what is measured is what site owners paste. Below them, the contract
// between the widget's build and the server about widget.js: where the settings go.

/** widget.js at the backend's public URL. */
export function widgetUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/widget.js`
}

/** A URL as a JavaScript string inside an inline script: `<` escaped so `</script>` cannot close it. */
function scriptString(url: string): string {
  return JSON.stringify(url).replace(/</g, '\\u003c')
}

/**
 * The recommended embed: one inline script that adds widget.js 250 ms after the page's
 * load event (at once when the page has loaded already: a tag manager that inserts it
 * late). Not even widget.js competes with the page's own Largest Contentful Paint, which
 * Lighthouse's simulation would otherwise charge with a new connection to another origin.
 * A page whose Content-Security-Policy refuses inline scripts needs its hash or a nonce,
 * or the plain tag below.
 */
export function embedSnippet(publicUrl: string): string {
  return afterLoadScript(widgetUrl(publicUrl))
}

/** The recommended embed's inline script for widget.js at `src` (a full URL). */
export function afterLoadScript(src: string): string {
  return `<script>(function(d,u){function go(){setTimeout(function(){var s=d.createElement('script');s.src=u;d.body.appendChild(s)},250)}d.readyState=='complete'?go():addEventListener('load',go)})(document,${scriptString(src)})</script>`
}

/** The plain tag: simplest, and fine with a strict CSP; fetched while the page loads. */
export function scriptTag(publicUrl: string): string {
  return `<script src="${widgetUrl(publicUrl).replace(/"/g, '&quot;')}" async></script>`
}

/**
 * What the widget build leaves in widget.js where the site's public settings go: a valid
 * expression (widget.js served as built, e.g. from a static host, fetches /api/config).
 */
export const CONFIG_PLACEHOLDER = 'null/*porthole:config*/'

/**
 * widget.js with the public settings in place of the placeholder, so the launcher needs
 * no second request. JSON is a JavaScript expression; U+2028/U+2029 are escaped for
 * engines older than ES2019.
 */
export function embedConfig(code: string, config: unknown): string {
  const json = JSON.stringify(config).replace(
    /[\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16)}`,
  )
  return code.replace(CONFIG_PLACEHOLDER, () => json)
}
