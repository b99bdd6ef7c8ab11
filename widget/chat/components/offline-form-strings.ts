import { EN } from '../../i18n/english'
import type { Translation } from '../../i18n/translation'

/**
 * The offline form's own words: `invalid` the inline errors of malformed fields, `missing`
 * before the labels of required fields left empty, `required` what the visible marker of a
 * required field means, `eitherContact` beside the e-mail and the phone when either one is
 * enough. In its lazily loaded chunk, not the chat's.
 */
export type FormStrings = Translation['form']

/** English (widget/i18n/languages/en.json), built into this chunk; another language's come with its file. */
export const EN_FORM_STRINGS: FormStrings = EN.form
