import type { Translation } from '../translation'

const rules = new Intl.PluralRules('de')
const plural = (n: number, forms: Partial<Record<Intl.LDMLPluralRule, string>>) =>
  forms[rules.select(n)] ?? forms.other ?? ''

export default {
  loader: {
    openChat: 'Chat öffnen',
    closeChat: 'Chat schließen',
    online: 'Wir sind online',
    offline: 'Nachricht hinterlassen',
    unread: (count) => `Ungelesene Nachrichten: ${count}`,
    dismiss: 'Einladung schließen',
  },
  chat: {
    close: 'Chat schließen',
    online: 'Online',
    offline: 'Offline',
    connecting: 'Verbindung wird hergestellt…',
    noNetwork: 'Offline – Nachrichten werden gesendet, sobald die Verbindung wieder steht',
    ended: 'Dieses Gespräch ist beendet',
    messages: 'Nachrichten',
    placeholder: 'Nachricht schreiben…',
    messageLabel: 'Nachricht',
    send: 'Senden',
    attach: 'Datei anhängen',
    counter: (length, max, parts) =>
      parts > 1 ? `${length} Zeichen: wird in ${parts} Nachrichten gesendet` : `${length}/${max}`,
    sending: 'Wird gesendet…',
    delayed: 'Verzögert – wird gesendet',
    sendNow: 'Jetzt senden',
    sent: 'Gesendet',
    failed: 'Nicht gesendet',
    retry: 'Erneut versuchen',
    loadEarlier: 'Ältere Nachrichten laden',
    earlierFailed: 'Laden fehlgeschlagen.',
    typing: (name) => `${name ?? 'Ein Mitarbeiter'} schreibt…`,
    offlineIntro:
      'Gerade ist niemand da. Hinterlassen Sie eine Nachricht und Ihre Kontaktdaten – wir melden uns bei Ihnen.',
    download: 'Herunterladen',
    openMap: 'Karte öffnen',
    location: 'Standort',
    mute: 'Stummschalten',
    emoji: 'Emoji',
    newMessageTitle: (count) =>
      `(${count}) ${plural(count, { one: 'Neue Nachricht', other: 'Neue Nachrichten' })}`,
  },
  form: {
    name: 'Name',
    email: 'E-Mail',
    phone: 'Telefon',
    contactNeeded:
      'Bitte geben Sie eine E-Mail-Adresse oder Telefonnummer an, damit wir Ihnen antworten können.',
    invalid: {
      email: 'Bitte prüfen Sie die E-Mail-Adresse (z. B. name@example.com).',
      phone: 'Bitte prüfen Sie die Telefonnummer: Ziffern, Leerzeichen, +, -, ( und ).',
    },
    missing: 'Bitte ausfüllen: ',
    leaveMessage: 'Nachricht senden',
    required: '* Pflichtfeld',
    eitherContact: 'E-Mail oder Telefon: eines genügt',
  },
  attach: {
    tray: 'Zu sendende Dateien',
    remove: (name) => `${name} entfernen`,
    cancel: (name) => `Senden von ${name} abbrechen`,
    uploading: (name) => `${name} wird hochgeladen`,
    tooLarge: (limit) => `Zu groß: höchstens ${limit}`,
    notAllowed: (types) => `Dateityp nicht erlaubt: erlaubt sind ${types}`,
    empty: 'Die Datei ist leer',
    badImage: 'Dieses Bild lässt sich nicht lesen oder ist zu groß',
    failed: 'Hochladen fehlgeschlagen',
    retry: 'Erneut versuchen',
  },
  resume: {
    expired: 'Dieser Link ist abgelaufen – hier ist ein neues Gespräch',
    kept: 'Dieser Link ist abgelaufen',
    identify: 'Melden Sie sich auf dieser Website an, um das Gespräch fortzusetzen',
  },
  answering: {
    joined: (name) =>
      name
        ? `${name} ist dem Gespräch beigetreten`
        : 'Ein Mitarbeiter ist dem Gespräch beigetreten',
    you: 'Sie',
    agent: 'Mitarbeiter',
    minutes: 'Wir antworten meist innerhalb weniger Minuten',
    hour: 'Wir antworten meist innerhalb einer Stunde',
    day: 'Wir antworten meist innerhalb eines Tages',
  },
  ended: {
    rate: 'Wie war dieses Gespräch?',
    good: 'Gut',
    bad: 'Schlecht',
    stars: (n) => `${n} von 5`,
    comment: 'Kommentar (optional)',
    send: 'Bewertung senden',
    rated: 'Danke für Ihre Bewertung',
    transcript: 'Gesprächsprotokoll per E-Mail senden',
    email: 'Ihre E-Mail-Adresse',
    badEmail: 'Geben Sie eine Adresse wie name@example.com ein',
    sendTranscript: 'Protokoll senden',
    sent: (to) => `Das Protokoll ist unterwegs an ${to}`,
    failed: 'Senden fehlgeschlagen. Bitte erneut versuchen.',
  },
  voice: 'Sprachnachricht',
  emoji: ['Smileys', 'Gesten', 'Herzen und Symbole', 'Natur und Essen', 'Reisen und Dinge'],
} satisfies Translation
