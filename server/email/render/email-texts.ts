import type { Language } from '../../../shared/widget-api'

/** The e-mail's fixed texts in one language ({site}, {count}… are filled in). */
export type EmailTexts = {
  subjectOne: string
  subjectMany: string
  intro: string
  agent: string
  attachment: string
  location: string
  continueLabel: string
  replyHint: string
  why: string
  unsubscribe: string
}

/**
 * One set per language written so far (English and Russian required); a language of the
 * widget without one falls back to English (emailTexts).
 */
export const EMAIL_TEXTS: Record<'en' | 'ru', EmailTexts> & Partial<Record<Language, EmailTexts>> =
  {
    en: {
      subjectOne: 'New reply from {site}',
      subjectMany: '{count} new replies from {site}',
      intro: 'You have replies in your chat with {site} that you have not read yet.',
      agent: 'Agent',
      attachment: 'Attachment',
      location: 'Location',
      continueLabel: 'Continue the conversation',
      replyHint: 'You can also answer by replying to this e-mail.',
      why: 'You get this e-mail because you left your address in the chat on {site}.',
      unsubscribe: 'Unsubscribe',
    },
    ru: {
      subjectOne: 'Новый ответ от {site}',
      subjectMany: 'Новые ответы от {site}: {count}',
      intro: 'В чате с {site} есть ответы, которые вы ещё не прочитали.',
      agent: 'Оператор',
      attachment: 'Вложение',
      location: 'Местоположение',
      continueLabel: 'Продолжить разговор',
      replyHint: 'Можно ответить и просто ответом на это письмо.',
      why: 'Вы получили это письмо, потому что оставили свой адрес в чате на {site}.',
      unsubscribe: 'Отписаться',
    },
  }

/** `template` with each `{name}` replaced by its value (values are not templates). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  )
}

/** The e-mail's texts in the visitor's language, else in English. */
export const emailTexts = (lang: Language): EmailTexts => EMAIL_TEXTS[lang] ?? EMAIL_TEXTS.en
