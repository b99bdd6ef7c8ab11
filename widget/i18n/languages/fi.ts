import type { Translation } from '../translation'

const rules = new Intl.PluralRules('fi')
const plural = (n: number, forms: Partial<Record<Intl.LDMLPluralRule, string>>) =>
  forms[rules.select(n)] ?? forms.other ?? ''

export default {
  loader: {
    openChat: 'Avaa chat',
    closeChat: 'Sulje chat',
    online: 'Olemme paikalla',
    offline: 'Jätä viesti',
    unread: (count) => `Lukemattomia viestejä: ${count}`,
    dismiss: 'Sulje kutsu',
  },
  chat: {
    close: 'Sulje chat',
    online: 'Paikalla',
    offline: 'Ei paikalla',
    connecting: 'Yhdistetään…',
    noNetwork: 'Ei yhteyttä – viestit lähetetään, kun yhteys palaa',
    ended: 'Keskustelu on päättynyt',
    messages: 'Viestit',
    placeholder: 'Kirjoita viesti…',
    messageLabel: 'Viesti',
    send: 'Lähetä',
    attach: 'Liitä tiedosto',
    counter: (length, max, parts) =>
      parts > 1 ? `${length} merkkiä: lähetetään ${parts} viestinä` : `${length}/${max}`,
    sending: 'Lähetetään…',
    delayed: 'Viivästynyt – lähetetään myöhemmin',
    sendNow: 'Lähetä nyt',
    sent: 'Lähetetty',
    failed: 'Ei lähetetty',
    retry: 'Yritä uudelleen',
    loadEarlier: 'Lataa aiemmat viestit',
    earlierFailed: 'Lataus epäonnistui.',
    typing: (name) => `${name ?? 'Asiakaspalvelija'} kirjoittaa…`,
    offlineIntro:
      'Emme ole juuri nyt paikalla. Jätä viesti ja yhteystietosi, niin palaamme asiaan.',
    download: 'Lataa',
    openMap: 'Avaa kartta',
    location: 'Sijainti',
    mute: 'Mykistä',
    emoji: 'Emojit',
    newMessageTitle: (count) =>
      `(${count}) ${plural(count, { one: 'Uusi viesti', other: 'Uutta viestiä' })}`,
  },
  form: {
    name: 'Nimi',
    email: 'Sähköposti',
    phone: 'Puhelin',
    contactNeeded: 'Anna sähköpostiosoite tai puhelinnumero, jotta voimme vastata sinulle.',
    invalid: {
      email: 'Tarkista sähköpostiosoite (esim. name@example.com).',
      phone: 'Tarkista puhelinnumero: numeroita, välilyöntejä, +, -, ( ja ).',
    },
    missing: 'Täytä: ',
    leaveMessage: 'Lähetä viesti',
  },
  attach: {
    tray: 'Lähetettävät tiedostot',
    remove: (name) => `Poista ${name}`,
    cancel: (name) => `Peru tiedoston ${name} lähetys`,
    uploading: (name) => `Ladataan ${name}`,
    tooLarge: (limit) => `Liian suuri: enimmäiskoko on ${limit}`,
    notAllowed: (types) => `Tiedostotyyppi ei ole sallittu: lähetä ${types}`,
    empty: 'Tiedosto on tyhjä',
    badImage: 'Kuvaa ei voi lukea tai se on liian suuri',
    failed: 'Lataus epäonnistui',
    retry: 'Yritä uudelleen',
  },
  resume: {
    expired: 'Linkki on vanhentunut – tässä uusi keskustelu',
    kept: 'Linkki on vanhentunut',
    identify: 'Kirjaudu sivustolle jatkaaksesi sitä keskustelua',
  },
  answering: {
    joined: (name) =>
      name ? `${name} liittyi keskusteluun` : 'Asiakaspalvelija liittyi keskusteluun',
    you: 'Sinä',
    agent: 'Asiakaspalvelija',
    minutes: 'Vastaamme yleensä muutamassa minuutissa',
    hour: 'Vastaamme yleensä tunnin kuluessa',
    day: 'Vastaamme yleensä vuorokauden kuluessa',
  },
  ended: {
    rate: 'Millainen keskustelu oli?',
    good: 'Hyvä',
    bad: 'Huono',
    stars: (n) => `${n}/5`,
    comment: 'Kommentti (valinnainen)',
    send: 'Lähetä arvio',
    rated: 'Kiitos arviostasi',
    transcript: 'Lähetä keskustelu sähköpostiini',
    email: 'Sähköpostiosoitteesi',
    badEmail: 'Anna osoite muodossa name@example.com',
    sendTranscript: 'Lähetä keskustelu',
    sent: (to) => `Keskustelu on matkalla osoitteeseen ${to}`,
    failed: 'Lähetys epäonnistui. Yritä uudelleen.',
  },
  voice: 'Ääniviesti',
  emoji: ['Hymiöt', 'Eleet', 'Sydämet ja symbolit', 'Luonto ja ruoka', 'Matkat ja esineet'],
} satisfies Translation
