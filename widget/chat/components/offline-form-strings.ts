import type { Language } from '../../../shared/widget-api'

/** The offline form's own words: in its lazily loaded chunk, not the chat's. */
export interface FormStrings {
  name: string
  email: string
  phone: string
  contactNeeded: string
  /** The inline error for a malformed field. */
  invalid: { email: string; phone: string }
  /** Before the labels of required fields left empty. */
  missing: string
  leaveMessage: string
}

export const FORM_STRINGS: Record<Language, FormStrings> = {
  en: {
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
    contactNeeded: 'Please give an email or a phone number so we can answer you.',
    invalid: {
      email: 'Please check the email address (like name@example.com).',
      phone: 'Please check the phone number: digits, spaces, +, -, ( and ).',
    },
    missing: 'Please fill in: ',
    leaveMessage: 'Send message',
  },
  ru: {
    name: 'Имя',
    email: 'Эл. почта',
    phone: 'Телефон',
    contactNeeded: 'Укажите почту или телефон, чтобы мы могли ответить.',
    invalid: {
      email: 'Проверьте адрес почты (например, name@example.com).',
      phone: 'Проверьте номер телефона: цифры, пробелы, +, -, ( и ).',
    },
    missing: 'Заполните: ',
    leaveMessage: 'Отправить сообщение',
  },
}
