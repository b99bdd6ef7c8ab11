import type { Translation } from '../translation'

const rules = new Intl.PluralRules('hr')
const plural = (n: number, forms: Partial<Record<Intl.LDMLPluralRule, string>>) =>
  forms[rules.select(n)] ?? forms.other ?? ''

export default {
  loader: {
    openChat: 'Otvori chat',
    closeChat: 'Zatvori chat',
    online: 'Dostupni smo',
    offline: 'Ostavite poruku',
    unread: (count) => `Nepročitane poruke: ${count}`,
    dismiss: 'Zatvori pozivnicu',
  },
  chat: {
    close: 'Zatvori chat',
    online: 'Dostupni',
    offline: 'Nedostupni',
    connecting: 'Povezivanje…',
    noNetwork: 'Nema veze — poruke će se poslati kad se veza vrati',
    ended: 'Razgovor je završen',
    messages: 'Poruke',
    placeholder: 'Upišite poruku…',
    messageLabel: 'Poruka',
    send: 'Pošalji',
    attach: 'Priloži datoteku',
    counter: (length, max, parts) =>
      parts > 1
        ? `${length} ${plural(length, { one: 'znak', few: 'znaka', other: 'znakova' })}: poslat će se u ${parts} ${plural(parts, { one: 'poruci', other: 'poruka' })}`
        : `${length}/${max}`,
    sending: 'Slanje…',
    delayed: 'Odgođeno — bit će poslano',
    sendNow: 'Pošalji sada',
    sent: 'Poslano',
    failed: 'Nije poslano',
    retry: 'Pokušaj ponovno',
    loadEarlier: 'Učitaj starije poruke',
    earlierFailed: 'Učitavanje nije uspjelo.',
    typing: (name) => `${name ?? 'Agent'} piše…`,
    offlineIntro: 'Trenutačno nismo dostupni. Ostavite poruku i kontakt pa ćemo vam se javiti.',
    download: 'Preuzmi',
    openMap: 'Otvori kartu',
    location: 'Lokacija',
    mute: 'Isključi zvuk',
    emoji: 'Emoji',
    newMessageTitle: (count) =>
      `(${count}) ${plural(count, { one: 'Nova poruka', few: 'Nove poruke', other: 'Novih poruka' })}`,
  },
  form: {
    name: 'Ime',
    email: 'E-pošta',
    phone: 'Telefon',
    contactNeeded: 'Navedite e-poštu ili broj telefona kako bismo vam mogli odgovoriti.',
    invalid: {
      email: 'Provjerite adresu e-pošte (npr. name@example.com).',
      phone: 'Provjerite broj telefona: znamenke, razmaci, +, -, ( i ).',
    },
    missing: 'Ispunite: ',
    leaveMessage: 'Pošalji poruku',
    required: '* obavezno',
    eitherContact: 'E-pošta ili telefon: dovoljno je jedno',
  },
  attach: {
    tray: 'Datoteke za slanje',
    remove: (name) => `Ukloni ${name}`,
    cancel: (name) => `Otkaži slanje datoteke ${name}`,
    uploading: (name) => `Prijenos datoteke ${name}`,
    tooLarge: (limit) => `Prevelika: ograničenje je ${limit}`,
    notAllowed: (types) => `Vrsta nije dopuštena: pošaljite ${types}`,
    empty: 'Datoteka je prazna',
    badImage: 'Slika se ne može pročitati ili je prevelika',
    failed: 'Prijenos nije uspio',
    retry: 'Pokušaj ponovno',
  },
  resume: {
    expired: 'Poveznica je istekla — evo novog razgovora',
    kept: 'Poveznica je istekla',
    identify: 'Prijavite se na ovu stranicu kako biste nastavili taj razgovor',
  },
  ended: {
    rate: 'Kako je prošao razgovor?',
    good: 'Dobro',
    bad: 'Loše',
    stars: (n) => `${n} od 5`,
    comment: 'Komentar (nije obavezno)',
    send: 'Pošalji ocjenu',
    rated: 'Hvala na ocjeni',
    transcript: 'Pošalji mi zapis razgovora e-mailom',
    email: 'Vaš e-mail',
    badEmail: 'Unesite adresu poput name@example.com',
    sendTranscript: 'Pošalji zapis',
    sent: (to) => `Zapis razgovora šalje se na ${to}`,
    failed: 'Slanje nije uspjelo. Pokušajte ponovno.',
  },
  voice: 'Glasovna poruka',
  emoji: ['Smajlići', 'Geste', 'Srca i simboli', 'Priroda i hrana', 'Putovanja i stvari'],
} satisfies Translation
