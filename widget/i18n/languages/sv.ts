import type { Translation } from '../translation'

const rules = new Intl.PluralRules('sv')
const plural = (n: number, forms: Partial<Record<Intl.LDMLPluralRule, string>>) =>
  forms[rules.select(n)] ?? forms.other ?? ''

export default {
  loader: {
    openChat: 'Öppna chatten',
    closeChat: 'Stäng chatten',
    online: 'Vi är online',
    offline: 'Lämna ett meddelande',
    unread: (count) => `Olästa meddelanden: ${count}`,
    dismiss: 'Stäng inbjudan',
  },
  chat: {
    close: 'Stäng chatten',
    online: 'Online',
    offline: 'Offline',
    connecting: 'Ansluter…',
    noNetwork: 'Offline – meddelandena skickas när du är uppkopplad igen',
    ended: 'Konversationen är avslutad',
    messages: 'Meddelanden',
    placeholder: 'Skriv ett meddelande…',
    messageLabel: 'Meddelande',
    send: 'Skicka',
    attach: 'Bifoga en fil',
    counter: (length, max, parts) =>
      parts > 1 ? `${length} tecken: skickas som ${parts} meddelanden` : `${length}/${max}`,
    sending: 'Skickar…',
    delayed: 'Försenat – skickas snart',
    sendNow: 'Skicka nu',
    sent: 'Skickat',
    failed: 'Inte skickat',
    retry: 'Försök igen',
    loadEarlier: 'Läs in tidigare meddelanden',
    earlierFailed: 'Kunde inte läsas in.',
    typing: (name) => `${name ?? 'En medarbetare'} skriver…`,
    offlineIntro:
      'Vi är inte här just nu. Lämna ett meddelande och dina kontaktuppgifter så hör vi av oss.',
    download: 'Ladda ned',
    openMap: 'Öppna kartan',
    location: 'Plats',
    mute: 'Stäng av ljud',
    emoji: 'Emoji',
    newMessageTitle: (count) =>
      `(${count}) ${plural(count, { one: 'Nytt meddelande', other: 'Nya meddelanden' })}`,
  },
  form: {
    name: 'Namn',
    email: 'E-post',
    phone: 'Telefon',
    contactNeeded: 'Ange e-post eller telefonnummer så att vi kan svara dig.',
    invalid: {
      email: 'Kontrollera e-postadressen (till exempel name@example.com).',
      phone: 'Kontrollera telefonnumret: siffror, mellanslag, +, -, ( och ).',
    },
    missing: 'Fyll i: ',
    leaveMessage: 'Skicka meddelande',
  },
  attach: {
    tray: 'Filer att skicka',
    remove: (name) => `Ta bort ${name}`,
    cancel: (name) => `Avbryt sändningen av ${name}`,
    uploading: (name) => `Laddar upp ${name}`,
    tooLarge: (limit) => `För stor: gränsen är ${limit}`,
    notAllowed: (types) => `Filtypen är inte tillåten: skicka ${types}`,
    empty: 'Filen är tom',
    badImage: 'Bilden kan inte läsas eller är för stor',
    failed: 'Uppladdningen misslyckades',
    retry: 'Försök igen',
  },
  resume: {
    expired: 'Länken har gått ut – här är en ny konversation',
    kept: 'Länken har gått ut',
    identify: 'Logga in på webbplatsen för att fortsätta den konversationen',
  },
  answering: {
    joined: (name) =>
      name ? `${name} anslöt till samtalet` : 'En medarbetare anslöt till samtalet',
    you: 'Du',
    agent: 'Medarbetare',
    minutes: 'Vi svarar oftast inom några minuter',
    hour: 'Vi svarar oftast inom en timme',
    day: 'Vi svarar oftast inom en dag',
  },
  ended: {
    rate: 'Hur var konversationen?',
    good: 'Bra',
    bad: 'Dålig',
    stars: (n) => `${n} av 5`,
    comment: 'Kommentar (valfritt)',
    send: 'Skicka betyg',
    rated: 'Tack för ditt betyg',
    transcript: 'Mejla mig konversationen',
    email: 'Din e-postadress',
    badEmail: 'Ange en adress som name@example.com',
    sendTranscript: 'Skicka konversationen',
    sent: (to) => `Konversationen är på väg till ${to}`,
    failed: 'Det gick inte att skicka. Försök igen.',
  },
  voice: 'Röstmeddelande',
  emoji: ['Smileys', 'Gester', 'Hjärtan och symboler', 'Natur och mat', 'Resor och saker'],
} satisfies Translation
