import { EN } from '../../i18n/english'
import type { Translation } from '../../i18n/translation'

/**
 * The home screen's own words: `start` the button that starts a conversation (it moves the
 * focus to the message box), `last` above the card of the conversation that ended (which
 * opens it), `onlineNow` while someone can answer. In its lazily loaded chunk, not the chat's.
 */
export type HomeStrings = Translation['home']

/** English (widget/i18n/languages/en.json), built into this chunk; another language's come with its file. */
export const EN_HOME_STRINGS: HomeStrings = EN.home
