import type { Translation } from '../translation'

const rules = new Intl.PluralRules('nb')
const plural = (n: number, forms: Partial<Record<Intl.LDMLPluralRule, string>>) =>
  forms[rules.select(n)] ?? forms.other ?? ''

export default {
  loader: {
    openChat: 'Åpne chat',
    closeChat: 'Lukk chat',
    online: 'Vi er pålogget',
    offline: 'Legg igjen en melding',
    unread: (count) => `Uleste meldinger: ${count}`,
    dismiss: 'Lukk invitasjonen',
  },
  chat: {
    close: 'Lukk chat',
    online: 'Pålogget',
    offline: 'Frakoblet',
    connecting: 'Kobler til…',
    noNetwork: 'Frakoblet – meldingene sendes når du er på nett igjen',
    ended: 'Samtalen er avsluttet',
    messages: 'Meldinger',
    placeholder: 'Skriv en melding…',
    messageLabel: 'Melding',
    send: 'Send',
    attach: 'Legg ved en fil',
    counter: (length, max, parts) =>
      parts > 1 ? `${length} tegn: sendes som ${parts} meldinger` : `${length}/${max}`,
    sending: 'Sender…',
    delayed: 'Forsinket – blir sendt',
    sendNow: 'Send nå',
    sent: 'Sendt',
    failed: 'Ikke sendt',
    retry: 'Prøv igjen',
    loadEarlier: 'Last inn tidligere meldinger',
    earlierFailed: 'Kunne ikke lastes inn.',
    typing: (name) => `${name ?? 'En medarbeider'} skriver…`,
    offlineIntro:
      'Vi er ikke til stede akkurat nå. Legg igjen en melding og kontaktinformasjonen din, så tar vi kontakt.',
    download: 'Last ned',
    openMap: 'Åpne kart',
    location: 'Posisjon',
    mute: 'Slå av lyd',
    emoji: 'Emoji',
    newMessageTitle: (count) =>
      `(${count}) ${plural(count, { one: 'Ny melding', other: 'Nye meldinger' })}`,
  },
  form: {
    name: 'Navn',
    email: 'E-post',
    phone: 'Telefon',
    contactNeeded: 'Oppgi e-post eller telefonnummer, så vi kan svare deg.',
    invalid: {
      email: 'Sjekk e-postadressen (for eksempel name@example.com).',
      phone: 'Sjekk telefonnummeret: sifre, mellomrom, +, -, ( og ).',
    },
    missing: 'Fyll ut: ',
    leaveMessage: 'Send melding',
  },
  attach: {
    tray: 'Filer som skal sendes',
    remove: (name) => `Fjern ${name}`,
    cancel: (name) => `Avbryt sending av ${name}`,
    uploading: (name) => `Laster opp ${name}`,
    tooLarge: (limit) => `For stor: grensen er ${limit}`,
    notAllowed: (types) => `Filtypen er ikke tillatt: send ${types}`,
    empty: 'Filen er tom',
    badImage: 'Bildet kan ikke leses eller er for stort',
    failed: 'Opplastingen mislyktes',
    retry: 'Prøv igjen',
  },
  resume: {
    expired: 'Lenken er utløpt – her er en ny samtale',
    kept: 'Lenken er utløpt',
    identify: 'Logg inn på nettstedet for å fortsette den samtalen',
  },
  voice: 'Talemelding',
  emoji: ['Smilefjes', 'Gester', 'Hjerter og symboler', 'Natur og mat', 'Reise og ting'],
} satisfies Translation
