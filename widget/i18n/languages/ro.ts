import type { Translation } from '../translation'

const rules = new Intl.PluralRules('ro')
const plural = (n: number, forms: Partial<Record<Intl.LDMLPluralRule, string>>) =>
  forms[rules.select(n)] ?? forms.other ?? ''

export default {
  loader: {
    openChat: 'Deschide chatul',
    closeChat: 'Închide chatul',
    online: 'Suntem online',
    offline: 'Lasă un mesaj',
    unread: (count) => `Mesaje necitite: ${count}`,
    dismiss: 'Închide invitația',
  },
  chat: {
    close: 'Închide chatul',
    online: 'Online',
    offline: 'Offline',
    connecting: 'Se conectează…',
    noNetwork: 'Offline — mesajele vor fi trimise când revine conexiunea',
    ended: 'Conversația s-a încheiat',
    messages: 'Mesaje',
    placeholder: 'Scrie un mesaj…',
    messageLabel: 'Mesaj',
    send: 'Trimite',
    attach: 'Atașează un fișier',
    counter: (length, max, parts) =>
      parts > 1
        ? `${length} ${plural(length, { one: 'caracter', few: 'caractere', other: 'de caractere' })}: va fi trimis în ${parts} ${plural(parts, { few: 'mesaje', other: 'de mesaje' })}`
        : `${length}/${max}`,
    sending: 'Se trimite…',
    delayed: 'Întârziat — va fi trimis',
    sendNow: 'Trimite acum',
    sent: 'Trimis',
    failed: 'Netrimis',
    retry: 'Reîncearcă',
    loadEarlier: 'Încarcă mesajele anterioare',
    earlierFailed: 'Nu s-a putut încărca.',
    typing: (name) => `${name ?? 'Un operator'} scrie…`,
    offlineIntro:
      'Momentan nu suntem disponibili. Lasă un mesaj și datele de contact și îți vom răspunde.',
    download: 'Descarcă',
    openMap: 'Deschide harta',
    location: 'Locație',
    mute: 'Fără sunet',
    emoji: 'Emoji',
    newMessageTitle: (count) =>
      `(${count}) ${plural(count, { one: 'Mesaj nou', few: 'Mesaje noi', other: 'de mesaje noi' })}`,
  },
  form: {
    name: 'Nume',
    email: 'E-mail',
    phone: 'Telefon',
    contactNeeded: 'Lasă un e-mail sau un număr de telefon ca să te putem contacta.',
    invalid: {
      email: 'Verifică adresa de e-mail (de exemplu, name@example.com).',
      phone: 'Verifică numărul de telefon: cifre, spații, +, -, ( și ).',
    },
    missing: 'Completează: ',
    leaveMessage: 'Trimite mesajul',
    required: '* obligatoriu',
    eitherContact: 'E-mail sau telefon: este suficient unul',
  },
  attach: {
    tray: 'Fișiere de trimis',
    remove: (name) => `Elimină ${name}`,
    cancel: (name) => `Anulează trimiterea ${name}`,
    uploading: (name) => `Se încarcă ${name}`,
    tooLarge: (limit) => `Prea mare: limita este ${limit}`,
    notAllowed: (types) => `Tip nepermis: trimite ${types}`,
    empty: 'Fișierul este gol',
    badImage: 'Imaginea nu poate fi citită sau este prea mare',
    failed: 'Încărcarea a eșuat',
    retry: 'Reîncearcă',
  },
  resume: {
    expired: 'Linkul a expirat — iată o conversație nouă',
    kept: 'Linkul a expirat',
    identify: 'Autentifică-te pe acest site ca să continui conversația',
  },
  answering: {
    joined: (name) =>
      name ? `${name} s-a alăturat conversației` : 'Un operator s-a alăturat conversației',
    you: 'Tu',
    agent: 'Operator',
    minutes: 'De obicei răspundem în câteva minute',
    hour: 'De obicei răspundem într-o oră',
    day: 'De obicei răspundem într-o zi',
  },
  ended: {
    rate: 'Cum a fost această conversație?',
    good: 'Bună',
    bad: 'Proastă',
    stars: (n) => `${n} din 5`,
    comment: 'Comentariu (opțional)',
    send: 'Trimiteți evaluarea',
    rated: 'Vă mulțumim pentru evaluare',
    transcript: 'Trimiteți-mi conversația pe e-mail',
    email: 'E-mailul dvs.',
    badEmail: 'Introduceți o adresă ca name@example.com',
    sendTranscript: 'Trimiteți conversația',
    sent: (to) => `Conversația este în drum spre ${to}`,
    failed: 'Nu s-a putut trimite. Încercați din nou.',
  },
  voice: 'Mesaj vocal',
  emoji: [
    'Fețe zâmbitoare',
    'Gesturi',
    'Inimi și simboluri',
    'Natură și mâncare',
    'Călătorii și obiecte',
  ],
} satisfies Translation
