/**
 * The consent step's and the window's menu's texts (Download, Delete). English is built
 * into their chunks; every other language's come with that language's file
 * (widget/i18n/languages/, `privacy`), which its visitors have already fetched. The menu
 * button's label is the chat's (`menu`).
 */
export interface PrivacyStrings {
  /** The consent step's heading. */
  consentTitle: string
  /** The consent text when the site wrote none (settings privacy.consentText). */
  consent: string
  /** The link to the site's privacy policy (settings privacy.policyUrl). */
  policy: string
  agree: string
  decline: string
  /** The menu's heading. */
  title: string
  back: string
  download: string
  erase: string
  /** The confirmation asked before Delete my conversation. */
  confirm: string
  /** Confirms the deletion. */
  confirmErase: string
  cancel: string
  /** Shown once the backend erased the conversation and the browser forgot it. */
  erased: string
  /** Download or Delete could not reach the backend (nothing was deleted). */
  failed: string
  /** Download before any conversation: there is nothing to download. */
  nothing: string
  /** The downloaded text file: its heading and who wrote each message. */
  fileTitle: string
  you: string
  agent: string
  bot: string
}

export const EN_PRIVACY_STRINGS: PrivacyStrings = {
  consentTitle: 'Before we chat',
  consent: 'To answer you, we keep this conversation and the details you give us. Do you agree?',
  policy: 'Privacy policy',
  agree: 'Agree',
  decline: 'No thanks',
  title: 'Your conversation',
  back: 'Back to the conversation',
  download: 'Download my conversation',
  erase: 'Delete my conversation',
  confirm: 'Delete this conversation and everything we keep about you? This cannot be undone.',
  confirmErase: 'Delete',
  cancel: 'Cancel',
  erased: 'Your conversation has been deleted.',
  failed: 'That did not work. Please try again.',
  nothing: 'There is no conversation to download yet.',
  fileTitle: 'Conversation',
  you: 'You',
  agent: 'Agent',
  bot: 'Bot',
}
