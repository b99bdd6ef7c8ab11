import type { Translation } from '../translation'

const plural = (n: number, forms: Partial<Record<Intl.LDMLPluralRule, string>>) =>
  forms[new Intl.PluralRules('ru').select(n)] ?? forms.other ?? ''

export default {
  loader: {
    openChat: 'Открыть чат',
    closeChat: 'Закрыть чат',
    online: 'Мы на связи',
    offline: 'Оставьте сообщение',
    unread: (count) => `Непрочитанных сообщений: ${count}`,
    dismiss: 'Закрыть приглашение',
  },
  chat: {
    close: 'Закрыть чат',
    online: 'В сети',
    offline: 'Не в сети',
    connecting: 'Подключение…',
    noNetwork: 'Нет сети — сообщения уйдут, когда связь вернётся',
    ended: 'Разговор завершён',
    messages: 'Сообщения',
    placeholder: 'Введите сообщение…',
    messageLabel: 'Сообщение',
    send: 'Отправить',
    attach: 'Прикрепить файл',
    counter: (length, max, parts) =>
      parts > 1
        ? `${length} ${plural(length, { one: 'символ', few: 'символа', other: 'символов' })}: уйдёт ${parts} ${plural(parts, { one: 'сообщением', other: 'сообщениями' })}`
        : `${length}/${max}`,
    sending: 'Отправка…',
    delayed: 'Задержано — будет отправлено',
    sendNow: 'Отправить сейчас',
    sent: 'Отправлено',
    failed: 'Не отправлено',
    retry: 'Повторить',
    loadEarlier: 'Ранние сообщения',
    earlierFailed: 'Не загрузилось.',
    typing: (name) => `${name ?? 'Оператор'} печатает…`,
    offlineIntro: 'Сейчас никого нет на месте. Оставьте сообщение и контакты — мы ответим.',
    download: 'Скачать',
    openMap: 'Открыть карту',
    location: 'Местоположение',
    mute: 'Без звука',
    emoji: 'Эмодзи',
    newMessageTitle: (count) =>
      `(${count}) ${plural(count, { one: 'Новое сообщение', other: 'Новые сообщения' })}`,
  },
  form: {
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
  attach: {
    tray: 'Файлы к отправке',
    remove: (name) => `Убрать ${name}`,
    cancel: (name) => `Отменить отправку ${name}`,
    uploading: (name) => `Загрузка ${name}`,
    tooLarge: (limit) => `Слишком большой: предел ${limit}`,
    notAllowed: (types) => `Такой тип нельзя: можно ${types}`,
    empty: 'Файл пустой',
    badImage: 'Изображение не читается или слишком велико',
    failed: 'Не загрузилось',
    retry: 'Повторить',
  },
  resume: {
    expired: 'Срок действия ссылки истёк — вот новый разговор',
    kept: 'Срок действия ссылки истёк',
    identify: 'Войдите на сайт, чтобы продолжить тот разговор',
  },
  voice: 'Голосовое сообщение',
  emoji: ['Смайлы', 'Жесты', 'Сердца и символы', 'Природа и еда', 'Поездки и вещи'],
} satisfies Translation
