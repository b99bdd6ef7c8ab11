import { findCardNumbers } from './card-numbers'
import { replaceSpans, type SecretSpan } from './characters'
import { findIbans } from './iban'
import { findOwnPatterns } from './own-patterns'

/** The kinds of secret masking hides. */
export const MASK_KINDS = ['card', 'iban', 'pattern'] as const
export type MaskKind = (typeof MASK_KINDS)[number]

type Finder = (text: string) => SecretSpan[]

/**
 * Hides the secrets a visitor may paste into a message: payment card numbers and IBANs
 * become `•••• •••• •••• 1111` and `DE•• •••• •••• 3000` (the last four kept), and the
 * site owner's own patterns `••••`. Returns the text unchanged (the same string) and no
 * kinds when there was nothing to hide. Masking masked text changes nothing, so the
 * widget and the server can both mask. Linear in the text's length (the own patterns:
 * as linear as they are; the settings accept only those).
 *
 * @example maskSecrets('my card is 4111 1111 1111 1111') // { text: 'my card is •••• •••• •••• 1111', kinds: ['card'] }
 */
export function maskSecrets(
  text: string,
  ownPatterns: readonly RegExp[] = [],
): { text: string; kinds: MaskKind[] } {
  const steps: [MaskKind, Finder][] = [
    ['iban', findIbans],
    ['card', findCardNumbers],
    ['pattern', (current) => findOwnPatterns(current, ownPatterns)],
  ]
  let current = text
  const kinds: MaskKind[] = []
  for (const [kind, find] of steps) {
    if (kind === 'pattern' && ownPatterns.length === 0) continue
    const spans = find(current)
    if (spans.length === 0) continue
    current = replaceSpans(current, spans)
    kinds.push(kind)
  }
  return { text: current, kinds }
}
