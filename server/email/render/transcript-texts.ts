import type { Language } from '../../../shared/widget-api'

/** The transcript e-mail's fixed texts in one language ({site} is filled in). */
export type TranscriptTexts = {
  subject: string
  intro: string
  you: string
  agent: string
  bot: string
  empty: string
  footer: string
}

/** One set per language the widget has: a missing one is a type error. */
export const TRANSCRIPT_TEXTS: Record<Language, TranscriptTexts> = {
  en: {
    subject: 'Your conversation with {site}',
    intro: 'Here is the transcript of your conversation with {site}, as you asked in the chat.',
    you: 'You',
    agent: 'Agent',
    bot: 'Assistant',
    empty: '(no messages)',
    footer: 'You get this e-mail because you asked for it in the chat on {site}. Times are UTC.',
  },
  ru: {
    subject: 'Ваш разговор с {site}',
    intro: 'Вот запись вашего разговора с {site}, как вы просили в чате.',
    you: 'Вы',
    agent: 'Оператор',
    bot: 'Ассистент',
    empty: '(нет сообщений)',
    footer:
      'Вы получили это письмо, потому что запросили его в чате на {site}. Время указано в UTC.',
  },
}
