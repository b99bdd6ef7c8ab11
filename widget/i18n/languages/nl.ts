import type { Translation } from '../translation'

const rules = new Intl.PluralRules('nl')
const plural = (n: number, forms: Partial<Record<Intl.LDMLPluralRule, string>>) =>
  forms[rules.select(n)] ?? forms.other ?? ''

export default {
  loader: {
    openChat: 'Chat openen',
    closeChat: 'Chat sluiten',
    online: 'We zijn online',
    offline: 'Laat een bericht achter',
    unread: (count) => `Ongelezen berichten: ${count}`,
    dismiss: 'Uitnodiging sluiten',
  },
  chat: {
    close: 'Chat sluiten',
    online: 'Online',
    offline: 'Offline',
    connecting: 'Verbinden…',
    noNetwork: 'Offline — berichten worden verstuurd zodra je weer verbinding hebt',
    ended: 'Dit gesprek is beëindigd',
    messages: 'Berichten',
    placeholder: 'Typ een bericht…',
    messageLabel: 'Bericht',
    send: 'Versturen',
    attach: 'Bestand bijvoegen',
    counter: (length, max, parts) =>
      parts > 1 ? `${length} tekens: wordt verstuurd als ${parts} berichten` : `${length}/${max}`,
    sending: 'Versturen…',
    delayed: 'Vertraagd — wordt verstuurd',
    sendNow: 'Nu versturen',
    sent: 'Verstuurd',
    failed: 'Niet verstuurd',
    retry: 'Opnieuw proberen',
    loadEarlier: 'Eerdere berichten laden',
    earlierFailed: 'Laden mislukt.',
    typing: (name) => `${name ?? 'Een medewerker'} is aan het typen…`,
    offlineIntro:
      'We zijn er nu even niet. Laat een bericht en je contactgegevens achter, dan nemen we contact met je op.',
    download: 'Downloaden',
    openMap: 'Kaart openen',
    location: 'Locatie',
    mute: 'Geluid uit',
    emoji: 'Emoji',
    newMessageTitle: (count) =>
      `(${count}) ${plural(count, { one: 'Nieuw bericht', other: 'Nieuwe berichten' })}`,
  },
  form: {
    name: 'Naam',
    email: 'E-mail',
    phone: 'Telefoon',
    contactNeeded: 'Vul een e-mailadres of telefoonnummer in, zodat we je kunnen antwoorden.',
    invalid: {
      email: 'Controleer het e-mailadres (bijvoorbeeld name@example.com).',
      phone: 'Controleer het telefoonnummer: cijfers, spaties, +, -, ( en ).',
    },
    missing: 'Vul in: ',
    leaveMessage: 'Bericht versturen',
    required: '* verplicht',
    eitherContact: 'E-mail of telefoon: één is genoeg',
  },
  attach: {
    tray: 'Te versturen bestanden',
    remove: (name) => `${name} verwijderen`,
    cancel: (name) => `Versturen van ${name} annuleren`,
    uploading: (name) => `${name} uploaden`,
    tooLarge: (limit) => `Te groot: de limiet is ${limit}`,
    notAllowed: (types) => `Type niet toegestaan: stuur ${types}`,
    empty: 'Het bestand is leeg',
    badImage: 'Deze afbeelding kan niet worden gelezen of is te groot',
    failed: 'Uploaden mislukt',
    retry: 'Opnieuw proberen',
  },
  resume: {
    expired: 'Deze link is verlopen — hier is een nieuw gesprek',
    kept: 'Deze link is verlopen',
    identify: 'Log in op deze site om dat gesprek voort te zetten',
  },
  answering: {
    joined: (name) =>
      name
        ? `${name} neemt nu deel aan het gesprek`
        : 'Een medewerker neemt nu deel aan het gesprek',
    you: 'Jij',
    agent: 'Medewerker',
    minutes: 'We antwoorden meestal binnen een paar minuten',
    hour: 'We antwoorden meestal binnen een uur',
    day: 'We antwoorden meestal binnen een dag',
  },
  ended: {
    rate: 'Hoe was dit gesprek?',
    good: 'Goed',
    bad: 'Slecht',
    stars: (n) => `${n} van 5`,
    comment: 'Opmerking (optioneel)',
    send: 'Beoordeling versturen',
    rated: 'Bedankt voor je beoordeling',
    transcript: 'Stuur mij het gesprek per e-mail',
    email: 'Je e-mailadres',
    badEmail: 'Vul een adres in zoals name@example.com',
    sendTranscript: 'Gesprek versturen',
    sent: (to) => `Het gesprek is onderweg naar ${to}`,
    failed: 'Versturen mislukt. Probeer het opnieuw.',
  },
  voice: 'Spraakbericht',
  emoji: ['Smileys', 'Gebaren', 'Hartjes en symbolen', 'Natuur en eten', 'Reizen en dingen'],
} satisfies Translation
