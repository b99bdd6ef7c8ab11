import type { AnsweringStrings } from '../chat/answering/reply-time-strings'
import type { AttachStrings } from '../chat/attachments/attach-strings'
import type { FormStrings } from '../chat/components/offline-form-strings'
import type { EndedStrings } from '../chat/ended/ended-strings'
import type { HomeStrings } from '../chat/home/home-strings'
import type { PreChatStrings } from '../chat/pre-chat/pre-chat-strings'
import type { PrivacyStrings } from '../chat/privacy/privacy-strings'
import type { HelpStrings } from '../help/help-strings'
import type { LoaderStrings } from './loader-strings'

/** The chat window's strings (English: EN_CHAT_STRINGS in chat-strings.ts). */
export interface ChatStrings {
  close: string
  online: string
  offline: string
  /** The header while the live stream is down, and while the browser is offline. */
  connecting: string
  noNetwork: string
  /** The separator after a conversation that ended. */
  ended: string
  messages: string
  placeholder: string
  messageLabel: string
  send: string
  attach: string
  /** `max`: the limit shown; `parts`: the messages the backend will make of the text. */
  counter: (length: number, max: number, parts: number) => string
  sending: string
  delayed: string
  sendNow: string
  sent: string
  failed: string
  retry: string
  loadEarlier: string
  earlierFailed: string
  typing: (name?: string) => string
  offlineIntro: string
  download: string
  openMap: string
  location: string
  /** The header's sound toggle (pressed: muted). */
  mute: string
  emoji: string
  /** The header's button to the Help view, and the view's heading. */
  help: string
  /** The header's menu of the visitor's data (Download, Delete my conversation). */
  menu: string
  newMessageTitle: (count: number) => string
  duration: (seconds: number) => string
}

/** The resume link's notes and its prompt (widget/chat/engine/resume.ts, ResumePrompt.tsx). */
export interface ResumeNotes {
  expired: string
  kept: string
  identify: string
  /** Asked before a link replaces a conversation this device already has. */
  ask: string
  yes: string
  keep: string
  /** The link was exchanged on another device already (links work once). */
  used: string
  /** A guest's link on a device signed in as a user: it opens nothing there. */
  signedIn: string
  /** Over the new conversation of a device signed out everywhere (the link opened elsewhere). */
  signedOut: string
}

/**
 * Every string of the widget in one language: one file per language in
 * widget/i18n/languages/, built into a chunk of its own (widget/vite.config.ts) that only
 * that language's visitors fetch. The files import nothing but types, so the loader can
 * fetch one before engagement without pulling in the chat. English is built into the
 * chunks that use it (languages/en.ts gathers it for the tests).
 */
export interface Translation {
  loader: Required<LoaderStrings>
  /** `duration` is the same clock in every language (chat-strings.ts adds it). */
  chat: Omit<ChatStrings, 'duration'>
  form: FormStrings
  /** The home screen: "Send us a message", the last conversation, "Online now". */
  home: HomeStrings
  attach: AttachStrings
  resume: ResumeNotes
  /** Who is answering: the joined line, senders for screen readers, the reply time. */
  answering: AnsweringStrings
  /** The end-of-chat panel: rating, comment, "E-mail me the transcript". */
  ended: EndedStrings
  /** The Help view, its article reader and the suggestions above the message box. */
  help: HelpStrings
  /** The consent step and the window's menu (Download, Delete my conversation). */
  privacy: PrivacyStrings
  /** The voice message's title. */
  voice: string
  /** Under the message box after a message whose card number, IBAN or own pattern was hidden. */
  masked: string
  /** The emoji picker's tabs, in the order of EMOJI_SETS. */
  emoji: [string, string, string, string, string]
  /** The pre-chat form's own words (its labels are `form`'s). */
  preChat: PreChatStrings
}
