import { compileMaskPatterns } from '../../../shared/privacy/mask-pattern'
import { type MaskKind, maskSecrets } from '../../../shared/privacy/mask-secrets'

// The masking itself, a chunk of its own (masking.ts fetches it when a text may hold a
// secret): a first open and most messages never need it.

let compiled: { patterns: readonly string[]; regexps: RegExp[] } | undefined

/** The text with card numbers, IBANs and the site's own patterns hidden. */
export function maskText(
  text: string,
  patterns: readonly string[],
): { text: string; kinds: MaskKind[] } {
  if (compiled?.patterns !== patterns)
    compiled = { patterns, regexps: compileMaskPatterns(patterns) }
  return maskSecrets(text, compiled.regexps)
}
