import type { Language } from '../../../shared/widget-api'

/**
 * The end-of-chat panel's texts: they travel with its chunk, not with the chat's. English
 * and Russian so far; the widget's other languages get English (EndOfChat.tsx).
 */
export const ENDED_STRINGS: Partial<Record<Language, Record<string, string>>> & {
  en: Record<string, string>
} = {
  en: {
    rate: 'How was this conversation?',
    good: 'Good',
    bad: 'Bad',
    stars: '{n} of 5',
    comment: 'Comment (optional)',
    send: 'Send rating',
    rated: 'Thank you for your rating',
    transcript: 'E-mail me the transcript',
    email: 'Your e-mail',
    badEmail: 'Enter an e-mail address like name@example.com',
    sendTranscript: 'Send transcript',
    sent: 'The transcript is on its way to {to}',
    failed: 'Could not send. Try again.',
  },
  ru: {
    rate: 'Как прошёл разговор?',
    good: 'Хорошо',
    bad: 'Плохо',
    stars: '{n} из 5',
    comment: 'Комментарий (необязательно)',
    send: 'Отправить оценку',
    rated: 'Спасибо за оценку',
    transcript: 'Прислать запись разговора на почту',
    email: 'Ваш e-mail',
    badEmail: 'Введите адрес вида name@example.com',
    sendTranscript: 'Отправить запись',
    sent: 'Запись разговора отправлена на {to}',
    failed: 'Не удалось отправить. Попробуйте ещё раз.',
  },
}
