import { EN } from '../../i18n/english'
import type { Translation } from '../../i18n/translation'

/**
 * The end-of-chat panel's texts (`send` is the comment's button: the rating itself is stored
 * at the tap). English is built into the panel's chunk; every other language's come with that
 * language's file (widget/i18n/languages/<lang>.json, `ended`), which its visitors have
 * already fetched, so the panel's chunk stays one language big.
 */
export type EndedStrings = Translation['ended']

/** English (widget/i18n/languages/en.json), built into this chunk. */
export const EN_ENDED_STRINGS: EndedStrings = EN.ended
