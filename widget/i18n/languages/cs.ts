import type { Translation } from '../translation'

const rules = new Intl.PluralRules('cs')
const plural = (n: number, forms: Partial<Record<Intl.LDMLPluralRule, string>>) =>
  forms[rules.select(n)] ?? forms.other ?? ''

export default {
  loader: {
    openChat: 'Otevřít chat',
    closeChat: 'Zavřít chat',
    online: 'Jsme online',
    offline: 'Nechte nám zprávu',
    unread: (count) => `Nepřečtené zprávy: ${count}`,
    dismiss: 'Zavřít pozvánku',
  },
  chat: {
    close: 'Zavřít chat',
    online: 'Online',
    offline: 'Offline',
    connecting: 'Připojování…',
    noNetwork: 'Offline — zprávy se odešlou, jakmile budete znovu připojeni',
    ended: 'Tato konverzace skončila',
    messages: 'Zprávy',
    placeholder: 'Napište zprávu…',
    messageLabel: 'Zpráva',
    send: 'Odeslat',
    attach: 'Přiložit soubor',
    counter: (length, max, parts) =>
      parts > 1
        ? `${length} ${plural(length, { one: 'znak', few: 'znaky', other: 'znaků' })}: odešle se jako ${parts} ${plural(parts, { few: 'zprávy', other: 'zpráv' })}`
        : `${length}/${max}`,
    sending: 'Odesílání…',
    delayed: 'Zpožděno — bude odesláno',
    sendNow: 'Odeslat hned',
    sent: 'Odesláno',
    failed: 'Neodesláno',
    retry: 'Zkusit znovu',
    loadEarlier: 'Načíst starší zprávy',
    earlierFailed: 'Nepodařilo se načíst.',
    typing: (name) => `${name ?? 'Operátor'} píše…`,
    offlineIntro: 'Právě tu nikdo není. Nechte nám zprávu a kontakt, ozveme se vám.',
    download: 'Stáhnout',
    openMap: 'Otevřít mapu',
    location: 'Poloha',
    mute: 'Ztlumit',
    emoji: 'Emoji',
    newMessageTitle: (count) =>
      `(${count}) ${plural(count, { one: 'Nová zpráva', few: 'Nové zprávy', other: 'Nových zpráv' })}`,
  },
  form: {
    name: 'Jméno',
    email: 'E-mail',
    phone: 'Telefon',
    contactNeeded: 'Uveďte prosím e-mail nebo telefon, abychom vám mohli odpovědět.',
    invalid: {
      email: 'Zkontrolujte e-mailovou adresu (např. name@example.com).',
      phone: 'Zkontrolujte telefonní číslo: číslice, mezery, +, -, ( a ).',
    },
    missing: 'Vyplňte: ',
    leaveMessage: 'Odeslat zprávu',
    required: '* povinné',
    eitherContact: 'E-mail nebo telefon: stačí jedno',
  },
  attach: {
    tray: 'Soubory k odeslání',
    remove: (name) => `Odebrat ${name}`,
    cancel: (name) => `Zrušit odesílání ${name}`,
    uploading: (name) => `Nahrávání ${name}`,
    tooLarge: (limit) => `Příliš velký: limit je ${limit}`,
    notAllowed: (types) => `Nepovolený typ: pošlete ${types}`,
    empty: 'Soubor je prázdný',
    badImage: 'Obrázek nelze přečíst nebo je příliš velký',
    failed: 'Nahrání se nezdařilo',
    retry: 'Zkusit znovu',
  },
  resume: {
    expired: 'Platnost odkazu vypršela — tady je nová konverzace',
    kept: 'Platnost odkazu vypršela',
    identify: 'Pro pokračování v té konverzaci se přihlaste na tomto webu',
  },
  ended: {
    rate: 'Jak jste byli s konverzací spokojeni?',
    good: 'Dobře',
    bad: 'Špatně',
    stars: (n) => `${n} z 5`,
    comment: 'Komentář (nepovinné)',
    send: 'Odeslat hodnocení',
    rated: 'Děkujeme za hodnocení',
    transcript: 'Poslat záznam konverzace e-mailem',
    email: 'Váš e-mail',
    badEmail: 'Zadejte adresu ve tvaru name@example.com',
    sendTranscript: 'Odeslat záznam',
    sent: (to) => `Záznam konverzace je na cestě na ${to}`,
    failed: 'Odeslání se nezdařilo. Zkuste to znovu.',
  },
  voice: 'Hlasová zpráva',
  emoji: ['Smajlíci', 'Gesta', 'Srdce a symboly', 'Příroda a jídlo', 'Cestování a věci'],
} satisfies Translation
