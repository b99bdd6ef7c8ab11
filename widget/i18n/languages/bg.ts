import type { Translation } from '../translation'

const rules = new Intl.PluralRules('bg')
const plural = (n: number, forms: Partial<Record<Intl.LDMLPluralRule, string>>) =>
  forms[rules.select(n)] ?? forms.other ?? ''

export default {
  loader: {
    openChat: 'Отвори чата',
    closeChat: 'Затвори чата',
    online: 'На линия сме',
    offline: 'Оставете съобщение',
    unread: (count) => `Непрочетени съобщения: ${count}`,
    dismiss: 'Затвори поканата',
  },
  chat: {
    close: 'Затвори чата',
    online: 'На линия',
    offline: 'Извън линия',
    connecting: 'Свързване…',
    noNetwork: 'Няма връзка — съобщенията ще бъдат изпратени, когато връзката се възстанови',
    ended: 'Разговорът приключи',
    messages: 'Съобщения',
    placeholder: 'Напишете съобщение…',
    messageLabel: 'Съобщение',
    send: 'Изпрати',
    attach: 'Прикачи файл',
    counter: (length, max, parts) =>
      parts > 1
        ? `${length} ${plural(length, { one: 'знак', other: 'знака' })}: ще бъде изпратено в ${parts} съобщения`
        : `${length}/${max}`,
    sending: 'Изпращане…',
    delayed: 'Забавено — ще бъде изпратено',
    sendNow: 'Изпрати сега',
    sent: 'Изпратено',
    failed: 'Неизпратено',
    retry: 'Опитай пак',
    loadEarlier: 'Зареди по-старите съобщения',
    earlierFailed: 'Неуспешно зареждане.',
    typing: (name) => `${name ?? 'Консултант'} пише…`,
    offlineIntro:
      'В момента не сме на линия. Оставете съобщение и данни за връзка и ще ви отговорим.',
    download: 'Изтегли',
    openMap: 'Отвори картата',
    location: 'Местоположение',
    mute: 'Без звук',
    emoji: 'Емоджи',
    newMessageTitle: (count) =>
      `(${count}) ${plural(count, { one: 'Ново съобщение', other: 'Нови съобщения' })}`,
  },
  form: {
    name: 'Име',
    email: 'Имейл',
    phone: 'Телефон',
    contactNeeded: 'Посочете имейл или телефон, за да можем да ви отговорим.',
    invalid: {
      email: 'Проверете имейл адреса (например name@example.com).',
      phone: 'Проверете телефонния номер: цифри, интервали, +, -, ( и ).',
    },
    missing: 'Попълнете: ',
    leaveMessage: 'Изпрати съобщението',
    required: '* задължително',
    eitherContact: 'Имейл или телефон: достатъчно е едното',
  },
  attach: {
    tray: 'Файлове за изпращане',
    remove: (name) => `Премахни ${name}`,
    cancel: (name) => `Откажи изпращането на ${name}`,
    uploading: (name) => `Качване на ${name}`,
    tooLarge: (limit) => `Твърде голям: ограничението е ${limit}`,
    notAllowed: (types) => `Неразрешен тип: изпратете ${types}`,
    empty: 'Файлът е празен',
    badImage: 'Изображението не може да се прочете или е твърде голямо',
    failed: 'Качването не успя',
    retry: 'Опитай пак',
  },
  resume: {
    expired: 'Връзката е изтекла — ето нов разговор',
    kept: 'Връзката е изтекла',
    identify: 'Влезте в сайта, за да продължите онзи разговор',
  },
  answering: {
    joined: (name) => (name ? `${name} вече е в разговора` : 'Служител вече е в разговора'),
    you: 'Вие',
    agent: 'Служител',
    minutes: 'Обикновено отговаряме до няколко минути',
    hour: 'Обикновено отговаряме до час',
    day: 'Обикновено отговаряме до ден',
  },
  ended: {
    rate: 'Как мина разговорът?',
    good: 'Добре',
    bad: 'Зле',
    stars: (n) => `${n} от 5`,
    comment: 'Коментар (по избор)',
    send: 'Изпращане на оценка',
    rated: 'Благодарим за оценката',
    transcript: 'Изпратете ми разговора по имейл',
    email: 'Вашият имейл',
    badEmail: 'Въведете адрес като name@example.com',
    sendTranscript: 'Изпращане на разговора',
    sent: (to) => `Разговорът е изпратен на ${to}`,
    failed: 'Изпращането не успя. Опитайте отново.',
  },
  voice: 'Гласово съобщение',
  emoji: ['Усмивки', 'Жестове', 'Сърца и символи', 'Природа и храна', 'Пътувания и предмети'],
} satisfies Translation
