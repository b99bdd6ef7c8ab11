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
