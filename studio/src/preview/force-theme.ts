// The widget follows the visitor's system theme (@media (prefers-color-scheme: dark) in
// its stylesheets). A frame cannot pretend the system is dark, so the preview rewrites
// those media rules: `all` for the chosen scheme, `not all` for the other.

const SCHEME = /prefers-color-scheme\s*:\s*(dark|light)/

function applyToRules(rules: CSSRuleList, theme: 'light' | 'dark'): void {
  for (const rule of Array.from(rules)) {
    if (!(rule instanceof CSSMediaRule)) continue
    const original = rule.media.mediaText
    // The original condition is kept on the rule the first time it is rewritten.
    const marked = (rule as CSSMediaRule & { porthole?: string }).porthole ?? original
    const scheme = SCHEME.exec(marked)?.[1]
    if (!scheme) continue
    ;(rule as CSSMediaRule & { porthole?: string }).porthole = marked
    rule.media.mediaText = scheme === theme ? 'all' : 'not all'
  }
}

/** Forces `theme` on the given stylesheets (the page's and the widget's shadow root's). */
export function forceTheme(sheets: Iterable<CSSStyleSheet>, theme: 'light' | 'dark'): void {
  for (const sheet of sheets) {
    try {
      applyToRules(sheet.cssRules, theme)
    } catch {
      // A sheet from another origin cannot be read; the studio serves its own only.
    }
  }
}

/**
 * Keeps `theme` forced on the document and in the widget's shadow root, including the
 * sheets the widget adopts later (the invitation's, the chat's): re-applied whenever the
 * shadow tree changes. Returns a function that stops watching.
 */
export function keepTheme(root: ShadowRoot, theme: () => 'light' | 'dark'): () => void {
  const apply = () => {
    forceTheme([...Array.from(document.styleSheets), ...root.adoptedStyleSheets], theme())
    document.documentElement.dataset.theme = theme()
    // The widget's light and dark come from its frame's color-scheme (light-dark()).
    const frame = root.querySelector<HTMLElement>('.ph-frame')
    if (frame && frame.style.colorScheme !== theme()) frame.style.colorScheme = theme()
  }
  apply()
  const observer = new MutationObserver(() => requestAnimationFrame(apply))
  observer.observe(root, { childList: true, subtree: true, attributes: true })
  return () => observer.disconnect()
}
