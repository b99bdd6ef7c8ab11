import { EN_JOINED_STRINGS } from '../../chat/answering/answering-strings'
import { EN_BACK_STRINGS } from '../../chat/answering/back-at'
import { EN_REPLY_TIME_STRINGS } from '../../chat/answering/reply-time-strings'
import { EN_ATTACH_STRINGS } from '../../chat/attachments/attach-strings'
import { EN_FORM_STRINGS } from '../../chat/components/offline-form-strings'
import { EMOJI_SETS } from '../../chat/emoji/emoji-sets'
import { EN_ENDED_STRINGS } from '../../chat/ended/ended-strings'
import { EN_RESUME_NOTES } from '../../chat/engine/resume-strings'
import { EN_HOME_STRINGS } from '../../chat/home/home-strings'
import { EN_MASKED_NOTE } from '../../chat/masking/masking'
import { EN_PRE_CHAT_STRINGS } from '../../chat/pre-chat/pre-chat-strings'
import { EN_PRIVACY_STRINGS } from '../../chat/privacy/privacy-strings'
import { EN_HELP_STRINGS } from '../../help/help-strings'
import { EN_CHAT_STRINGS } from '../chat-strings'
import { EN_LOADER_STRINGS } from '../loader-strings'
import type { Translation } from '../translation'

/**
 * English, gathered from the chunks it is built into (not a chunk of its own): the
 * reference every other language file is checked against (tests/widget/i18n/).
 */
const { duration: _duration, ...chat } = EN_CHAT_STRINGS
const [a = '', b = '', c = '', d = '', e = ''] = EMOJI_SETS.map((set) => set.name)

export default {
  loader: { ...EN_LOADER_STRINGS, dismiss: 'Dismiss invitation' },
  chat,
  form: EN_FORM_STRINGS,
  home: EN_HOME_STRINGS,
  attach: EN_ATTACH_STRINGS,
  resume: EN_RESUME_NOTES,
  answering: { ...EN_JOINED_STRINGS, ...EN_REPLY_TIME_STRINGS, ...EN_BACK_STRINGS },
  ended: EN_ENDED_STRINGS,
  help: EN_HELP_STRINGS,
  privacy: EN_PRIVACY_STRINGS,
  voice: 'Voice message',
  masked: EN_MASKED_NOTE,
  emoji: [a, b, c, d, e],
  preChat: EN_PRE_CHAT_STRINGS,
} satisfies Translation
