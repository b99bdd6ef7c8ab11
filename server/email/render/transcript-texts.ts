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

/** English and Russian so far; the other languages of the widget get English. */
export const TRANSCRIPT_TEXTS: Partial<Record<Language, TranscriptTexts>> & {
  en: TranscriptTexts
} = {
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

/** The transcript's texts in `lang`, or in English where they are not written yet. */
export const transcriptTexts = (lang: Language): TranscriptTexts =>
  TRANSCRIPT_TEXTS[lang] ?? TRANSCRIPT_TEXTS.en
