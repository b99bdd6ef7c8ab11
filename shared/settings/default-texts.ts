// Defaults for every text of the bot section, in English and Russian, so a bot
// with only rules configured still hands over and collects contacts sensibly.

/** Phrases by which a customer asks for a person (matched as whole words; `*` ends a word prefix). */
export const DEFAULT_HANDOVER_PHRASES: Record<string, string[]> = {
  en: [
    'operator',
    'human',
    'agent',
    'real person',
    'live person',
    'support team',
    'talk to someone',
    'speak to someone',
  ],
  ru: [
    'оператор*',
    'человек*',
    'живой человек',
    'менеджер*',
    'консультант*',
    'специалист*',
    'сотрудник*',
    'позовите',
  ],
}

export const DEFAULT_TEXTS = {
  handoverText: {
    en: 'Connecting you to an agent…',
    ru: 'Соединяю вас с оператором…',
  },
  noAgentText: {
    en: 'No agent is available right now. Please leave your email address or phone number and we will get back to you.',
    ru: 'Сейчас нет свободных операторов. Оставьте, пожалуйста, email или номер телефона, и мы с вами свяжемся.',
  },
  contactThanksText: {
    en: 'Thank you! We will contact you at {contact}.',
    ru: 'Спасибо! Мы свяжемся с вами: {contact}.',
  },
  contactRetryText: {
    en: 'I could not find an email address or phone number in your message. Please send one so an agent can get back to you.',
    ru: 'Не нашёл в сообщении email или номер телефона. Пришлите, пожалуйста, их, чтобы оператор мог с вами связаться.',
  },
  contactBadEmailText: {
    en: '{email} does not look like a working email address (like name@example.com). Please check it and send it again, or send a phone number.',
    ru: '{email} не похоже на рабочий адрес email (вида name@example.com). Проверьте его и пришлите ещё раз или пришлите номер телефона.',
  },
  contactOnFileText: {
    en: 'No agent is available right now. We have your contact details and will get back to you.',
    ru: 'Сейчас нет свободных операторов. Ваши контакты у нас есть, мы с вами свяжемся.',
  },
  contactKnownText: {
    en: 'No agent is available right now. We have your contact details ({contact}) and will get back to you.',
    ru: 'Сейчас нет свободных операторов. Ваши контакты ({contact}) у нас есть, мы с вами свяжемся.',
  },
} as const
