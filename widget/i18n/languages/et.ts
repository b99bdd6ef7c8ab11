import type { Translation } from '../translation'

const rules = new Intl.PluralRules('et')
const plural = (n: number, forms: Partial<Record<Intl.LDMLPluralRule, string>>) =>
  forms[rules.select(n)] ?? forms.other ?? ''

export default {
  loader: {
    openChat: 'Ava vestlus',
    closeChat: 'Sulge vestlus',
    online: 'Oleme kohal',
    offline: 'Jäta sõnum',
    unread: (count) => `Lugemata sõnumeid: ${count}`,
    dismiss: 'Sulge kutse',
  },
  chat: {
    close: 'Sulge vestlus',
    online: 'Kohal',
    offline: 'Eemal',
    connecting: 'Ühendan…',
    noNetwork: 'Ühendus puudub — sõnumid saadetakse, kui ühendus taastub',
    ended: 'Vestlus on lõppenud',
    messages: 'Sõnumid',
    placeholder: 'Kirjuta sõnum…',
    messageLabel: 'Sõnum',
    send: 'Saada',
    attach: 'Lisa fail',
    counter: (length, max, parts) =>
      parts > 1 ? `${length} märki: saadetakse ${parts} sõnumina` : `${length}/${max}`,
    sending: 'Saadan…',
    delayed: 'Viibib — saadetakse hiljem',
    sendNow: 'Saada kohe',
    sent: 'Saadetud',
    failed: 'Saatmata',
    retry: 'Proovi uuesti',
    loadEarlier: 'Laadi varasemad sõnumid',
    earlierFailed: 'Laadimine ebaõnnestus.',
    typing: (name) => `${name ?? 'Klienditeenindaja'} kirjutab…`,
    offlineIntro:
      'Praegu pole kedagi kohal. Jäta sõnum ja oma kontaktandmed, võtame sinuga ühendust.',
    download: 'Laadi alla',
    openMap: 'Ava kaart',
    location: 'Asukoht',
    mute: 'Vaigista',
    emoji: 'Emoji',
    newMessageTitle: (count) =>
      `(${count}) ${plural(count, { one: 'Uus sõnum', other: 'Uut sõnumit' })}`,
  },
  form: {
    name: 'Nimi',
    email: 'E-post',
    phone: 'Telefon',
    contactNeeded: 'Sisesta e-post või telefoninumber, et saaksime sulle vastata.',
    invalid: {
      email: 'Kontrolli e-posti aadressi (nt name@example.com).',
      phone: 'Kontrolli telefoninumbrit: numbrid, tühikud, +, -, ( ja ).',
    },
    missing: 'Täida: ',
    leaveMessage: 'Saada sõnum',
  },
  attach: {
    tray: 'Saadetavad failid',
    remove: (name) => `Eemalda ${name}`,
    cancel: (name) => `Tühista faili ${name} saatmine`,
    uploading: (name) => `Laadin üles: ${name}`,
    tooLarge: (limit) => `Liiga suur: piir on ${limit}`,
    notAllowed: (types) => `Failitüüp pole lubatud: saada ${types}`,
    empty: 'Fail on tühi',
    badImage: 'Pilti ei saa lugeda või see on liiga suur',
    failed: 'Üleslaadimine ebaõnnestus',
    retry: 'Proovi uuesti',
  },
  resume: {
    expired: 'See link on aegunud — siin on uus vestlus',
    kept: 'See link on aegunud',
    identify: 'Selle vestluse jätkamiseks logi sellel saidil sisse',
  },
  voice: 'Häälsõnum',
  emoji: ['Emotikonid', 'Žestid', 'Südamed ja sümbolid', 'Loodus ja toit', 'Reisimine ja asjad'],
} satisfies Translation
