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
 * One set per language written so far (English and Russian required; German, French,
 * Spanish, Italian, Portuguese, Dutch, Polish, Ukrainian, Japanese, Chinese, Arabic and
 * Hebrew too); a language of the widget without one falls back to English (emailTexts).
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
    de: {
      subjectOne: 'Neue Antwort von {site}',
      subjectMany: 'Neue Antworten von {site}: {count}',
      intro: 'Im Chat mit {site} warten Antworten, die Sie noch nicht gelesen haben.',
      agent: 'Mitarbeiter',
      attachment: 'Anhang',
      location: 'Standort',
      continueLabel: 'Gespräch fortsetzen',
      replyHint: 'Sie können auch einfach auf diese E-Mail antworten.',
      why: 'Sie erhalten diese E-Mail, weil Sie im Chat auf {site} Ihre Adresse hinterlassen haben.',
      unsubscribe: 'Abbestellen',
    },
    fr: {
      subjectOne: 'Nouvelle réponse de {site}',
      subjectMany: 'Nouvelles réponses de {site} : {count}',
      intro: 'Vous avez des réponses non lues dans votre conversation avec {site}.',
      agent: 'Conseiller',
      attachment: 'Pièce jointe',
      location: 'Position',
      continueLabel: 'Reprendre la conversation',
      replyHint: 'Vous pouvez aussi répondre directement à cet e-mail.',
      why: 'Vous recevez cet e-mail car vous avez laissé votre adresse dans le chat de {site}.',
      unsubscribe: 'Se désabonner',
    },
    es: {
      subjectOne: 'Nueva respuesta de {site}',
      subjectMany: 'Nuevas respuestas de {site}: {count}',
      intro: 'Tienes respuestas sin leer en tu chat con {site}.',
      agent: 'Agente',
      attachment: 'Archivo adjunto',
      location: 'Ubicación',
      continueLabel: 'Continuar la conversación',
      replyHint: 'También puedes contestar respondiendo a este correo.',
      why: 'Recibes este correo porque dejaste tu dirección en el chat de {site}.',
      unsubscribe: 'Cancelar suscripción',
    },
    it: {
      subjectOne: 'Nuova risposta da {site}',
      subjectMany: 'Nuove risposte da {site}: {count}',
      intro: 'Nella chat con {site} ci sono risposte che non hai ancora letto.',
      agent: 'Operatore',
      attachment: 'Allegato',
      location: 'Posizione',
      continueLabel: 'Continua la conversazione',
      replyHint: 'Puoi anche rispondere direttamente a questa email.',
      why: 'Ricevi questa email perché hai lasciato il tuo indirizzo nella chat di {site}.',
      unsubscribe: 'Annulla iscrizione',
    },
    pt: {
      subjectOne: 'Nova resposta de {site}',
      subjectMany: 'Novas respostas de {site}: {count}',
      intro: 'Você tem respostas não lidas na sua conversa com {site}.',
      agent: 'Atendente',
      attachment: 'Anexo',
      location: 'Localização',
      continueLabel: 'Continuar a conversa',
      replyHint: 'Você também pode responder a este e-mail.',
      why: 'Você recebeu este e-mail porque deixou seu endereço no chat de {site}.',
      unsubscribe: 'Cancelar inscrição',
    },
    nl: {
      subjectOne: 'Nieuw antwoord van {site}',
      subjectMany: 'Nieuwe antwoorden van {site}: {count}',
      intro: 'In je chat met {site} staan antwoorden die je nog niet hebt gelezen.',
      agent: 'Medewerker',
      attachment: 'Bijlage',
      location: 'Locatie',
      continueLabel: 'Gesprek voortzetten',
      replyHint: 'Je kunt ook gewoon op deze e-mail antwoorden.',
      why: 'Je ontvangt deze e-mail omdat je je adres hebt achtergelaten in de chat op {site}.',
      unsubscribe: 'Afmelden',
    },
    pl: {
      subjectOne: 'Nowa odpowiedź od {site}',
      subjectMany: 'Nowe odpowiedzi od {site}: {count}',
      intro: 'W czacie z {site} czekają odpowiedzi, których jeszcze nie przeczytano.',
      agent: 'Konsultant',
      attachment: 'Załącznik',
      location: 'Lokalizacja',
      continueLabel: 'Kontynuuj rozmowę',
      replyHint: 'Możesz też po prostu odpowiedzieć na tę wiadomość.',
      why: 'Otrzymujesz tę wiadomość, bo zostawiono ten adres w czacie na {site}.',
      unsubscribe: 'Wypisz się',
    },
    uk: {
      subjectOne: 'Нова відповідь від {site}',
      subjectMany: 'Нові відповіді від {site}: {count}',
      intro: 'У чаті з {site} є відповіді, які ви ще не прочитали.',
      agent: 'Оператор',
      attachment: 'Вкладення',
      location: 'Місцезнаходження',
      continueLabel: 'Продовжити розмову',
      replyHint: 'Можна відповісти й просто відповіддю на цей лист.',
      why: 'Ви отримали цей лист, бо залишили свою адресу в чаті на {site}.',
      unsubscribe: 'Відписатися',
    },
    ja: {
      subjectOne: '{site}から新しい返信があります',
      subjectMany: '{site}から新しい返信が{count}件あります',
      intro: '{site}とのチャットに未読の返信があります。',
      agent: '担当者',
      attachment: '添付ファイル',
      location: '位置情報',
      continueLabel: 'チャットを続ける',
      replyHint: 'このメールに返信して回答することもできます。',
      why: '{site}のチャットでメールアドレスをご登録いただいたため、このメールをお送りしています。',
      unsubscribe: '配信停止',
    },
    zh: {
      subjectOne: '来自{site}的新回复',
      subjectMany: '来自{site}的 {count} 条新回复',
      intro: '您在与{site}的聊天中有未读回复。',
      agent: '客服',
      attachment: '附件',
      location: '位置',
      continueLabel: '继续对话',
      replyHint: '您也可以直接回复此邮件。',
      why: '您收到此邮件，是因为您在{site}的聊天中留下了邮箱地址。',
      unsubscribe: '退订',
    },
    ar: {
      subjectOne: 'رد جديد من {site}',
      subjectMany: 'ردود جديدة من {site}: {count}',
      intro: 'لديك ردود غير مقروءة في محادثتك مع {site}.',
      agent: 'الموظف',
      attachment: 'مرفق',
      location: 'الموقع',
      continueLabel: 'متابعة المحادثة',
      replyHint: 'يمكنك أيضًا الرد مباشرةً على هذه الرسالة.',
      why: 'تصلك هذه الرسالة لأنك تركت عنوان بريدك في المحادثة على {site}.',
      unsubscribe: 'إلغاء الاشتراك',
    },
    he: {
      subjectOne: 'תשובה חדשה מ־{site}',
      subjectMany: 'תשובות חדשות מ־{site}: {count}',
      intro: 'בצ׳אט עם {site} יש תשובות שעוד לא קראת.',
      agent: 'נציג',
      attachment: 'קובץ מצורף',
      location: 'מיקום',
      continueLabel: 'להמשך השיחה',
      replyHint: 'אפשר גם פשוט להשיב למייל הזה.',
      why: 'קיבלת את המייל הזה כי השארת את הכתובת שלך בצ׳אט באתר {site}.',
      unsubscribe: 'הסרה מרשימת התפוצה',
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
