import { EN } from '../../i18n/english'
import type { Translation } from '../../i18n/translation'

/** The attachment tray's texts (the attach button's label is the chat's, `attach`). */
export type AttachStrings = Translation['attach']

/** English (widget/i18n/languages/en.json), built into this chunk; another language's come with its file. */
export const EN_ATTACH_STRINGS: AttachStrings = EN.attach
