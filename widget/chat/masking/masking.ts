import type { MaskKind } from '../../../shared/privacy/mask-secrets'

/** A text as it may leave the browser, and what was hidden in it. */
export type Masked = { text: string; kinds: MaskKind[] }

/** Every card number has 13 digits or more, every IBAN 12 or more. */
const FEWEST_SECRET_DIGITS = 12
/** A masking chunk that could not be fetched (offline) is tried again this much later. */
const RETRY_MS = 3000

/**
 * Whether the text may hold something to hide: 12 digits or more, or the site has
 * patterns of its own. Counting digits is all the first open and most messages pay.
 */
export function mayHoldSecret(text: string, patterns: readonly string[]): boolean {
  if (patterns.length > 0) return true
  let digits = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code >= 48 && code <= 57 && ++digits >= FEWEST_SECRET_DIGITS) return true
  }
  return false
}

const loadMasking = (): Promise<typeof import('./mask-text')> =>
  import('./mask-text').catch(
    () => new Promise((resolve) => setTimeout(() => resolve(loadMasking()), RETRY_MS)),
  )

/**
 * Masks texts before they are shown, stored or sent, handing each to `then` in the
 * order given: a text without 12 digits (and no own patterns) at once, one that may
 * hold a secret once the masking chunk is there (fetched at the first such text and
 * tried again until it comes; the text is never handed on unmasked).
 *
 * @example const mask = createMasking(() => settings.maskPatterns ?? []); mask(text, send)
 */
export function createMasking(patterns: () => readonly string[]) {
  let queue: Promise<void> | undefined
  return function mask(text: string, then: (masked: Masked) => void): void {
    const own = patterns()
    if (!queue && !mayHoldSecret(text, own)) {
      then({ text, kinds: [] })
      return
    }
    const step = (queue ?? Promise.resolve())
      .then(() =>
        mayHoldSecret(text, own)
          ? loadMasking().then(({ maskText }) => maskText(text, own))
          : { text, kinds: [] },
      )
      .then(then)
    queue = step
    void step.finally(() => {
      if (queue === step) queue = undefined
    })
  }
}
export type Masking = ReturnType<typeof createMasking>
