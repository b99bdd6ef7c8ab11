import { EN } from '../../i18n/english'
import { translated } from '../../i18n/translations'
import type { MaskingContext } from './mask-text'

/** A text as it may leave the browser, and the note to show when something was hidden. */
export type Masked = { text: string; note?: string }

/** Every card number has 13 digits or more, every IBAN 12 or more. */
const FEWEST_SECRET_DIGITS = 12
/** 12 digits or more in one run (single spaces or dashes between): where any card number or IBAN's digits are. */
const LONG_DIGIT_RUN = /\d(?:[ -]?\d){11,}/g

/** Whether the text may hold a card number or an IBAN: counting digits is all most messages cost. */
export function mayHoldSecret(text: string): boolean {
  return (text.match(/\d/g)?.length ?? 0) >= FEWEST_SECRET_DIGITS
}

/**
 * The mask used while the masking chunk cannot be fetched (offline): every digit of a
 * run of 12 or more becomes `•` but the last four. It hides more than the chunk would (an
 * order number that long too), never less: no card number or IBAN has its digits apart.
 */
export function maskLongDigitRuns(text: string): string {
  return text.replace(LONG_DIGIT_RUN, (run) => {
    let keep = 4
    return [...run]
      .reverse()
      .map((char) => (/\d/.test(char) && keep-- <= 0 ? '•' : char))
      .reverse()
      .join('')
  })
}

/** The note under the message box, in English; the other languages' come with their files. */
export const EN_MASKED_NOTE = EN.masked

/**
 * The chunk's mask, or when it cannot be fetched now the conservative one, with the note
 * in the visitor's language when it hid something (the next text tries the chunk again).
 * The site's own patterns need the chunk: meanwhile the backend applies them on arrival.
 */
const maskWithChunk = (text: string, context: MaskingContext): Promise<Masked> =>
  import('./mask-text')
    .then(
      ({ maskText }) => maskText(text, context),
      () => maskLongDigitRuns(text),
    )
    .then((masked) =>
      masked === text
        ? { text }
        : { text: masked, note: translated(context.settings.lang)?.masked ?? EN_MASKED_NOTE },
    )

/**
 * Masks texts before they are shown, stored or sent, handing each to `then` in the
 * order given: a text of fewer than 12 digits at once (when the site has no patterns of
 * its own), one that may hold a secret once the masking chunk is there (fetched at the
 * first such text, or at once when the site has patterns), or masked by
 * maskLongDigitRuns when the chunk cannot be fetched: the text is never handed on
 * unmasked, nor held in memory only (it is stored in the outbox, masked, and sent when
 * the connection is back).
 *
 * @example const mask = createMasking(context); mask(text, send)
 */
export function createMasking(context: MaskingContext) {
  let queue: Promise<void> | undefined
  // The site's own patterns may match any text (a 9-digit customer number): every text
  // goes through the chunk, fetched now so the first message does not wait for it.
  const own = (context.settings.maskPatterns?.length ?? 0) > 0
  if (own) void import('./mask-text').catch(() => {})
  const needsChunk = (text: string): boolean => own || mayHoldSecret(text)
  return function mask(text: string, then: (masked: Masked) => void): void {
    if (!queue && !needsChunk(text)) {
      then({ text })
      return
    }
    const step = (queue ?? Promise.resolve())
      .then(() => (needsChunk(text) ? maskWithChunk(text, context) : { text }))
      .then(then)
    queue = step
    void step.finally(() => {
      if (queue === step) queue = undefined
    })
  }
}
export type Masking = ReturnType<typeof createMasking>
