import type { Translation } from '../translation'

const rules = new Intl.PluralRules('da')
const plural = (n: number, forms: Partial<Record<Intl.LDMLPluralRule, string>>) =>
  forms[rules.select(n)] ?? forms.other ?? ''

export default {
  loader: {
    openChat: 'Åbn chat',
    closeChat: 'Luk chat',
    online: 'Vi er online',
    offline: 'Skriv en besked',
    unread: (count) => `Ulæste beskeder: ${count}`,
    dismiss: 'Luk invitation',
  },
  chat: {
    close: 'Luk chat',
    online: 'Online',
    offline: 'Offline',
    connecting: 'Forbinder…',
    noNetwork: 'Offline – beskederne sendes, når du er online igen',
    ended: 'Samtalen er afsluttet',
    messages: 'Beskeder',
    placeholder: 'Skriv en besked…',
    messageLabel: 'Besked',
    send: 'Send',
    attach: 'Vedhæft en fil',
    counter: (length, max, parts) =>
      parts > 1 ? `${length} tegn: sendes som ${parts} beskeder` : `${length}/${max}`,
    sending: 'Sender…',
    delayed: 'Forsinket – bliver sendt',
    sendNow: 'Send nu',
    sent: 'Sendt',
    failed: 'Ikke sendt',
    retry: 'Prøv igen',
    loadEarlier: 'Hent tidligere beskeder',
    earlierFailed: 'Kunne ikke hentes.',
    typing: (name) => `${name ?? 'En medarbejder'} skriver…`,
    offlineIntro:
      'Vi er her ikke lige nu. Skriv en besked og dine kontaktoplysninger, så vender vi tilbage.',
    download: 'Download',
    openMap: 'Åbn kort',
    location: 'Placering',
    mute: 'Slå lyden fra',
    emoji: 'Emoji',
    newMessageTitle: (count) =>
      `(${count}) ${plural(count, { one: 'Ny besked', other: 'Nye beskeder' })}`,
  },
  form: {
    name: 'Navn',
    email: 'E-mail',
    phone: 'Telefon',
    contactNeeded: 'Angiv en e-mail eller et telefonnummer, så vi kan svare dig.',
    invalid: {
      email: 'Tjek e-mailadressen (f.eks. name@example.com).',
      phone: 'Tjek telefonnummeret: cifre, mellemrum, +, -, ( og ).',
    },
    missing: 'Udfyld: ',
    leaveMessage: 'Send besked',
  },
  attach: {
    tray: 'Filer, der skal sendes',
    remove: (name) => `Fjern ${name}`,
    cancel: (name) => `Annuller afsendelsen af ${name}`,
    uploading: (name) => `Uploader ${name}`,
    tooLarge: (limit) => `For stor: grænsen er ${limit}`,
    notAllowed: (types) => `Filtypen er ikke tilladt: send ${types}`,
    empty: 'Filen er tom',
    badImage: 'Billedet kan ikke læses eller er for stort',
    failed: 'Upload mislykkedes',
    retry: 'Prøv igen',
  },
  resume: {
    expired: 'Linket er udløbet – her er en ny samtale',
    kept: 'Linket er udløbet',
    identify: 'Log ind på siden for at fortsætte samtalen',
  },
  answering: {
    joined: (name) =>
      name ? `${name} deltager nu i samtalen` : 'En medarbejder deltager nu i samtalen',
    you: 'Dig',
    agent: 'Medarbejder',
    minutes: 'Vi svarer som regel inden for få minutter',
    hour: 'Vi svarer som regel inden for en time',
    day: 'Vi svarer som regel inden for en dag',
  },
  ended: {
    rate: 'Hvordan var samtalen?',
    good: 'God',
    bad: 'Dårlig',
    stars: (n) => `${n} ud af 5`,
    comment: 'Kommentar (valgfri)',
    send: 'Send bedømmelse',
    rated: 'Tak for din bedømmelse',
    transcript: 'Send mig samtalen på e-mail',
    email: 'Din e-mail',
    badEmail: 'Skriv en adresse som name@example.com',
    sendTranscript: 'Send samtalen',
    sent: (to) => `Samtalen er på vej til ${to}`,
    failed: 'Kunne ikke sende. Prøv igen.',
  },
  voice: 'Talebesked',
  emoji: ['Smileys', 'Fagter', 'Hjerter og symboler', 'Natur og mad', 'Rejser og ting'],
} satisfies Translation
