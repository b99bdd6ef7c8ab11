import type { Translation } from '../translation'

const rules = new Intl.PluralRules('uk')
const plural = (n: number, forms: Partial<Record<Intl.LDMLPluralRule, string>>) =>
  forms[rules.select(n)] ?? forms.other ?? ''

export default {
  loader: {
    openChat: 'Відкрити чат',
    closeChat: 'Закрити чат',
    online: 'Ми на зв’язку',
    offline: 'Залиште повідомлення',
    unread: (count) => `Непрочитаних повідомлень: ${count}`,
    dismiss: 'Закрити запрошення',
  },
  chat: {
    close: 'Закрити чат',
    online: 'У мережі',
    offline: 'Не в мережі',
    connecting: 'Підключення…',
    noNetwork: 'Немає мережі — повідомлення надійдуть, щойно з’явиться зв’язок',
    ended: 'Розмову завершено',
    messages: 'Повідомлення',
    placeholder: 'Введіть повідомлення…',
    messageLabel: 'Повідомлення',
    send: 'Надіслати',
    attach: 'Прикріпити файл',
    counter: (length, max, parts) =>
      parts > 1
        ? `${length} ${plural(length, { one: 'символ', few: 'символи', other: 'символів' })}: буде надіслано ${parts} ${plural(parts, { one: 'повідомленням', other: 'повідомленнями' })}`
        : `${length}/${max}`,
    sending: 'Надсилання…',
    delayed: 'Затримано — буде надіслано',
    sendNow: 'Надіслати зараз',
    sent: 'Надіслано',
    failed: 'Не надіслано',
    retry: 'Повторити',
    loadEarlier: 'Попередні повідомлення',
    earlierFailed: 'Не вдалося завантажити.',
    typing: (name) => `${name ?? 'Оператор'} друкує…`,
    offlineIntro: 'Зараз нікого немає на місці. Залиште повідомлення й контакти — ми відповімо.',
    download: 'Завантажити',
    openMap: 'Відкрити карту',
    location: 'Місцезнаходження',
    mute: 'Без звуку',
    emoji: 'Емодзі',
    newMessageTitle: (count) =>
      `(${count}) ${plural(count, { one: 'Нове повідомлення', other: 'Нові повідомлення' })}`,
  },
  form: {
    name: 'Ім’я',
    email: 'Ел. пошта',
    phone: 'Телефон',
    contactNeeded: 'Вкажіть пошту або телефон, щоб ми могли відповісти.',
    invalid: {
      email: 'Перевірте адресу пошти (наприклад, name@example.com).',
      phone: 'Перевірте номер телефону: цифри, пробіли, +, -, ( і ).',
    },
    missing: 'Заповніть: ',
    leaveMessage: 'Надіслати повідомлення',
    required: '* обов’язково',
    eitherContact: 'Email або телефон: достатньо одного',
  },
  attach: {
    tray: 'Файли до надсилання',
    remove: (name) => `Прибрати ${name}`,
    cancel: (name) => `Скасувати надсилання ${name}`,
    uploading: (name) => `Завантаження ${name}`,
    tooLarge: (limit) => `Завеликий: межа ${limit}`,
    notAllowed: (types) => `Такий тип не дозволено: можна ${types}`,
    empty: 'Файл порожній',
    badImage: 'Зображення не читається або завелике',
    failed: 'Не вдалося завантажити',
    retry: 'Повторити',
  },
  resume: {
    expired: 'Термін дії посилання минув — ось нова розмова',
    kept: 'Термін дії посилання минув',
    identify: 'Увійдіть на сайт, щоб продовжити ту розмову',
  },
  ended: {
    rate: 'Як минула розмова?',
    good: 'Добре',
    bad: 'Погано',
    stars: (n) => `${n} з 5`,
    comment: 'Коментар (необов’язково)',
    send: 'Надіслати оцінку',
    rated: 'Дякуємо за оцінку',
    transcript: 'Надіслати запис розмови на пошту',
    email: 'Ваш e-mail',
    badEmail: 'Введіть адресу на кшталт name@example.com',
    sendTranscript: 'Надіслати запис',
    sent: (to) => `Запис розмови надіслано на ${to}`,
    failed: 'Не вдалося надіслати. Спробуйте ще раз.',
  },
  voice: 'Голосове повідомлення',
  emoji: ['Смайли', 'Жести', 'Серця й символи', 'Природа та їжа', 'Подорожі та речі'],
} satisfies Translation
