import type { AnsweringStrings } from '../chat/answering/reply-time-strings'
import type { AttachStrings } from '../chat/attachments/attach-strings'
import type { FormStrings } from '../chat/components/offline-form-strings'
import type { EndedStrings } from '../chat/ended/ended-strings'
import type { ChatStrings } from './chat-strings'
import type { LoaderStrings } from './loader-strings'

/** The resume link's notes (widget/chat/resume.ts). */
export interface ResumeNotes {
  expired: string
  kept: string
  identify: string
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
  attach: AttachStrings
  resume: ResumeNotes
  /** Who is answering: the joined line, senders for screen readers, the reply time. */
  answering: AnsweringStrings
  /** The end-of-chat panel: rating, comment, "E-mail me the transcript". */
  ended: EndedStrings
  /** The voice message's title. */
  voice: string
  /** The emoji picker's tabs, in the order of EMOJI_SETS. */
  emoji: [string, string, string, string, string]
}
