// The e-mail preview's frame. An e-mail styles itself with style attributes; a srcdoc
// frame inherits the studio's CSP, which allows no inline style (and should not), so
// the attributes are set aside before the HTML goes into the frame and applied through
// the CSSOM once it has loaded, which CSP leaves alone. The frame runs no script.

const ASIDE = 'data-porthole-style'

/**
 * `html` with every `style="…"` attribute renamed `data-porthole-style="…"`. A plain
 * rename, not a parse (a DOMParser document inherits the CSP too, and reports each
 * attribute): the server's renderer escapes every `"` of the text, so ` style="` occurs
 * only as an attribute; a miss would only change the preview's looks, never run anything.
 *
 * @example frameHtml('<p style="color:red">Hi</p>') // '<p data-porthole-style="color:red">Hi</p>'
 */
export function frameHtml(html: string): string {
  return html.replace(/(\s)style="/g, `$1${ASIDE}="`)
}

/** Applies the set-aside styles inside the loaded frame (its document is same-origin, script-less). */
export function applyFrameStyles(frame: HTMLIFrameElement): void {
  const doc = frame.contentDocument
  if (!doc) return
  for (const element of doc.querySelectorAll<HTMLElement>(`[${ASIDE}]`)) {
    element.style.cssText = element.getAttribute(ASIDE) ?? ''
  }
}
