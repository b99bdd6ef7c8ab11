import type { Translation } from '../translation'

const rules = new Intl.PluralRules('sk')
const plural = (n: number, forms: Partial<Record<Intl.LDMLPluralRule, string>>) =>
  forms[rules.select(n)] ?? forms.other ?? ''

export default {
  loader: {
    openChat: 'Otvoriť chat',
    closeChat: 'Zavrieť chat',
    online: 'Sme online',
    offline: 'Nechajte nám správu',
    unread: (count) => `Neprečítané správy: ${count}`,
    dismiss: 'Zavrieť pozvánku',
  },
  chat: {
    close: 'Zavrieť chat',
    online: 'Online',
    offline: 'Offline',
    connecting: 'Pripája sa…',
    noNetwork: 'Offline — správy sa odošlú, keď sa pripojenie obnoví',
    ended: 'Konverzácia sa skončila',
    messages: 'Správy',
    placeholder: 'Napíšte správu…',
    messageLabel: 'Správa',
    send: 'Odoslať',
    attach: 'Priložiť súbor',
    counter: (length, max, parts) =>
      parts > 1
        ? `${length} ${plural(length, { one: 'znak', few: 'znaky', other: 'znakov' })}: odošle sa ako ${parts} ${plural(parts, { few: 'správy', other: 'správ' })}`
        : `${length}/${max}`,
    sending: 'Odosiela sa…',
    delayed: 'Oneskorené — odošle sa',
    sendNow: 'Odoslať hneď',
    sent: 'Odoslané',
    failed: 'Neodoslané',
    retry: 'Skúsiť znova',
    loadEarlier: 'Načítať staršie správy',
    earlierFailed: 'Nepodarilo sa načítať.',
    typing: (name) => `${name ?? 'Operátor'} píše…`,
    offlineIntro: 'Práve tu nikto nie je. Nechajte nám správu a kontakt, ozveme sa vám.',
    download: 'Stiahnuť',
    openMap: 'Otvoriť mapu',
    location: 'Poloha',
    mute: 'Stlmiť',
    emoji: 'Emoji',
    newMessageTitle: (count) =>
      `(${count}) ${plural(count, { one: 'Nová správa', few: 'Nové správy', other: 'Nových správ' })}`,
  },
  form: {
    name: 'Meno',
    email: 'E-mail',
    phone: 'Telefón',
    contactNeeded: 'Uveďte e-mail alebo telefón, aby sme vám mohli odpovedať.',
    invalid: {
      email: 'Skontrolujte e-mailovú adresu (napr. name@example.com).',
      phone: 'Skontrolujte telefónne číslo: číslice, medzery, +, -, ( a ).',
    },
    missing: 'Vyplňte: ',
    leaveMessage: 'Odoslať správu',
    required: '* povinné',
    eitherContact: 'E-mail alebo telefón: stačí jedno',
  },
  attach: {
    tray: 'Súbory na odoslanie',
    remove: (name) => `Odstrániť ${name}`,
    cancel: (name) => `Zrušiť odosielanie ${name}`,
    uploading: (name) => `Nahráva sa ${name}`,
    tooLarge: (limit) => `Príliš veľký: limit je ${limit}`,
    notAllowed: (types) => `Nepovolený typ: pošlite ${types}`,
    empty: 'Súbor je prázdny',
    badImage: 'Obrázok sa nedá prečítať alebo je príliš veľký',
    failed: 'Nahrávanie zlyhalo',
    retry: 'Skúsiť znova',
  },
  resume: {
    expired: 'Platnosť odkazu vypršala — tu je nová konverzácia',
    kept: 'Platnosť odkazu vypršala',
    identify: 'Ak chcete pokračovať v tej konverzácii, prihláste sa na tejto stránke',
  },
  ended: {
    rate: 'Ako ste boli s konverzáciou spokojní?',
    good: 'Dobre',
    bad: 'Zle',
    stars: (n) => `${n} z 5`,
    comment: 'Komentár (nepovinné)',
    send: 'Odoslať hodnotenie',
    rated: 'Ďakujeme za hodnotenie',
    transcript: 'Poslať záznam konverzácie e-mailom',
    email: 'Váš e-mail',
    badEmail: 'Zadajte adresu v tvare name@example.com',
    sendTranscript: 'Odoslať záznam',
    sent: (to) => `Záznam konverzácie je na ceste na ${to}`,
    failed: 'Odoslanie zlyhalo. Skúste to znova.',
  },
  voice: 'Hlasová správa',
  emoji: ['Smajlíky', 'Gestá', 'Srdcia a symboly', 'Príroda a jedlo', 'Cestovanie a veci'],
} satisfies Translation
