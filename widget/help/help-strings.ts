import { EN } from '../i18n/english'
import type { Translation } from '../i18n/translation'

/**
 * The Help view's and the suggestions' texts (`openPage`: the article's own page, in a new
 * tab; `suggested` and `dismiss`: the suggestions above the message box). English is built
 * into the help chunk; every other language's come with that language's file
 * (widget/i18n/languages/, `help`), which its visitors have already fetched. The Help
 * button's label is the chat's (`help`).
 */
export type HelpStrings = Translation['help']

/** English (widget/i18n/languages/en.json), built into this chunk. */
export const EN_HELP_STRINGS: HelpStrings = EN.help
