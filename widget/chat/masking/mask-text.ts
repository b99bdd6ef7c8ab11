import { compileMaskPatterns } from '../../../shared/privacy/mask-pattern'
import { maskSecrets } from '../../../shared/privacy/mask-secrets'
import type { WidgetContext } from '../../loader/context'

// The masking itself, a chunk of its own (masking.ts fetches it when a text may hold a
// secret, or as the chat opens when the site has patterns of its own): a first open and
// most messages never need it. The site's own patterns come with the public config.

// Per widget (a page may mount several, each with its own settings).
const compiled = new WeakMap<MaskingContext, RegExp[]>()

/** What masking needs of the widget: its settings (the language, the site's own patterns). */
export type MaskingContext = Pick<WidgetContext, 'settings'>

/** The site's own patterns, compiled once (an item that is not a string is left out). */
function ownPatterns(context: MaskingContext): RegExp[] {
  const known = compiled.get(context)
  if (known) return known
  const patterns = compileMaskPatterns(
    (context.settings.maskPatterns ?? []).filter((pattern) => typeof pattern === 'string'),
  )
  compiled.set(context, patterns)
  return patterns
}

/** The text with card numbers, IBANs and the site's own patterns hidden (masking.ts adds the note). */
export function maskText(text: string, context: MaskingContext): string {
  return maskSecrets(text, ownPatterns(context)).text
}
