import { EN } from '../../i18n/english'
import type { Translation } from '../../i18n/translation'

/**
 * The consent step's and the window's menu's texts (Download, Delete). English is built
 * into their chunks; every other language's come with that language's file
 * (widget/i18n/languages/, `privacy`), which its visitors have already fetched. The menu
 * button's label is the chat's (`menu`). `consent` and `policy` stand in for the site's
 * own (settings privacy.consentText, privacy.policyUrl); `confirm` is asked before Delete my
 * conversation and `confirmErase` confirms it; `erased` shows once the backend erased the
 * conversation and the browser forgot it; `failed` when Download or Delete could not reach
 * the backend (nothing was deleted); `nothing` for a Download before any conversation;
 * `fileTitle`, `you`, `agent` and `bot` are the downloaded text file's heading and senders.
 */
export type PrivacyStrings = Translation['privacy']

/** English (widget/i18n/languages/en.json), built into these chunks. */
export const EN_PRIVACY_STRINGS: PrivacyStrings = EN.privacy
