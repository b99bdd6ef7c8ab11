import type { MaskingContext } from './mask-text'

/** A text as it may leave the browser, and the note to show when something was hidden. */
export type Masked = { text: string; note?: string }

/** Every card number has 13 digits or more, every IBAN 12 or more. */
const FEWEST_SECRET_DIGITS = 12
/** A masking chunk that could not be fetched (offline) is tried again this much later. */
const RETRY_MS = 3000

/** Whether the text may hold a card number or an IBAN: counting digits is all most messages cost. */
export function mayHoldSecret(text: string): boolean {
  return (text.match(/\d/g)?.length ?? 0) >= FEWEST_SECRET_DIGITS
}

const loadMasking = (): Promise<typeof import('./mask-text')> =>
  import('./mask-text').catch(
    () => new Promise((resolve) => setTimeout(() => resolve(loadMasking()), RETRY_MS)),
  )

/**
 * Masks texts before they are shown, stored or sent, handing each to `then` in the
 * order given: a text of fewer than 12 digits at once, one that may hold a secret once
 * the masking chunk is there (fetched at the first such text and tried again until it
 * comes: the text is never handed on unmasked).
 *
 * @example const mask = createMasking(context); mask(text, send)
 */
export function createMasking(context: MaskingContext) {
  let queue: Promise<void> | undefined
  return function mask(text: string, then: (masked: Masked) => void): void {
    if (!queue && !mayHoldSecret(text)) {
      then({ text })
      return
    }
    const step = (queue ?? Promise.resolve())
      .then(() =>
        mayHoldSecret(text)
          ? loadMasking().then(({ maskText }) => maskText(text, context))
          : { text },
      )
      .then(then)
    queue = step
    void step.finally(() => {
      if (queue === step) queue = undefined
    })
  }
}
export type Masking = ReturnType<typeof createMasking>
