import { compileMaskPatterns } from '../../shared/privacy/mask-pattern'
import { type MaskKind, maskSecrets } from '../../shared/privacy/mask-secrets'
import type { Settings } from '../../shared/settings/settings-file'

/** Masks a visitor's text on its way in: what is stored and forwarded is the masked text. */
export type IncomingMasker = (text: string) => { text: string; kinds: MaskKind[] }

/**
 * The server's masking of every text that comes in (the widget's messages, e-mail
 * replies, rating comments): card numbers, IBANs and the settings' own patterns, as the
 * widget masks them, so an old widget or a crafted request cannot store one. The own
 * patterns are compiled once per settings object (the studio's saves make a new one).
 *
 * @example const mask = createIncomingMasker(() => runtime.settings.current()); mask(text).text
 */
export function createIncomingMasker(current: () => Pick<Settings, 'privacy'>): IncomingMasker {
  let compiled: { patterns: readonly string[]; regexps: RegExp[] } | undefined
  return (text) => {
    const patterns = current().privacy.maskPatterns
    if (compiled?.patterns !== patterns)
      compiled = { patterns, regexps: compileMaskPatterns(patterns) }
    return maskSecrets(text, compiled.regexps)
  }
}
