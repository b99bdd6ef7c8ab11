import { compileMaskPatterns } from '../../../shared/privacy/mask-pattern'
import { maskSecrets } from '../../../shared/privacy/mask-secrets'
import { EN } from '../../i18n/english'
import { translated } from '../../i18n/translations'
import type { WidgetContext } from '../../loader/context'

// The masking itself, a chunk of its own (masking.ts fetches it when a text may hold a
// secret): a first open and most messages never need it. The site's own patterns come
// from GET /api/config (the loader leaves them out: it has no bytes to spare).

/** The note under the message box, in English; the other languages' come with their files. */
export const EN_MASKED_NOTE = EN.masked

// Per widget (a page may mount several, each with its own backend).
const fetched = new WeakMap<MaskingContext, Promise<RegExp[]>>()

/** What masking needs of the widget: where its backend is, how to reach it, the language. */
export type MaskingContext = Pick<WidgetContext, 'base' | 'fetch' | 'settings'>

/** The site's own patterns, fetched once; none when they cannot be read now (asked again next time). */
function ownPatterns(context: MaskingContext): Promise<RegExp[]> {
  const { base, fetch, settings } = context
  const known = fetched.get(context)
  if (known) return known
  const patterns = fetch(`${base}api/config?lang=${settings.lang}`, { credentials: 'omit' })
    .then((response) => response.json())
    .then((config: { maskPatterns?: unknown }) =>
      compileMaskPatterns(
        Array.isArray(config.maskPatterns)
          ? config.maskPatterns.filter((pattern) => typeof pattern === 'string')
          : [],
      ),
    )
    .catch(() => {
      fetched.delete(context)
      return []
    })
  fetched.set(context, patterns)
  return patterns
}

/**
 * The text with card numbers, IBANs and the site's own patterns hidden, and the note
 * to show when something was.
 */
export async function maskText(
  text: string,
  context: MaskingContext,
): Promise<{ text: string; note?: string }> {
  const masked = maskSecrets(text, await ownPatterns(context))
  return masked.kinds.length === 0
    ? { text }
    : { text: masked.text, note: translated(context.settings.lang)?.masked ?? EN_MASKED_NOTE }
}
