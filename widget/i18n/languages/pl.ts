import type { Translation } from '../translation'

const rules = new Intl.PluralRules('pl')
const plural = (n: number, forms: Partial<Record<Intl.LDMLPluralRule, string>>) =>
  forms[rules.select(n)] ?? forms.other ?? ''

export default {
  loader: {
    openChat: 'Otwórz czat',
    closeChat: 'Zamknij czat',
    online: 'Jesteśmy dostępni',
    offline: 'Zostaw wiadomość',
    unread: (count) => `Nieprzeczytane wiadomości: ${count}`,
    dismiss: 'Zamknij zaproszenie',
  },
  chat: {
    close: 'Zamknij czat',
    online: 'Dostępni',
    offline: 'Niedostępni',
    connecting: 'Łączenie…',
    noNetwork: 'Brak połączenia — wiadomości zostaną wysłane, gdy połączenie wróci',
    ended: 'Ta rozmowa została zakończona',
    messages: 'Wiadomości',
    placeholder: 'Napisz wiadomość…',
    messageLabel: 'Wiadomość',
    send: 'Wyślij',
    attach: 'Załącz plik',
    counter: (length, max, parts) =>
      parts > 1
        ? `${length} ${plural(length, { one: 'znak', few: 'znaki', other: 'znaków' })}: zostanie wysłana w ${parts} ${plural(parts, { one: 'wiadomości', other: 'wiadomościach' })}`
        : `${length}/${max}`,
    sending: 'Wysyłanie…',
    delayed: 'Opóźniona — zostanie wysłana',
    sendNow: 'Wyślij teraz',
    sent: 'Wysłano',
    failed: 'Nie wysłano',
    retry: 'Ponów',
    loadEarlier: 'Wczytaj wcześniejsze wiadomości',
    earlierFailed: 'Nie udało się wczytać.',
    typing: (name) => `${name ?? 'Konsultant'} pisze…`,
    offlineIntro: 'Nie ma nas teraz na miejscu. Zostaw wiadomość i dane kontaktowe, a odpowiemy.',
    download: 'Pobierz',
    openMap: 'Otwórz mapę',
    location: 'Lokalizacja',
    mute: 'Wycisz',
    emoji: 'Emoji',
    newMessageTitle: (count) =>
      `(${count}) ${plural(count, { one: 'Nowa wiadomość', other: 'Nowe wiadomości' })}`,
  },
  form: {
    name: 'Imię',
    email: 'E-mail',
    phone: 'Telefon',
    contactNeeded: 'Podaj e-mail lub numer telefonu, abyśmy mogli odpowiedzieć.',
    invalid: {
      email: 'Sprawdź adres e-mail (np. name@example.com).',
      phone: 'Sprawdź numer telefonu: cyfry, spacje, +, -, ( i ).',
    },
    missing: 'Uzupełnij: ',
    leaveMessage: 'Wyślij wiadomość',
    required: '* wymagane',
    eitherContact: 'E-mail lub telefon: wystarczy jedno',
  },
  attach: {
    tray: 'Pliki do wysłania',
    remove: (name) => `Usuń ${name}`,
    cancel: (name) => `Anuluj wysyłanie ${name}`,
    uploading: (name) => `Przesyłanie ${name}`,
    tooLarge: (limit) => `Za duży: limit to ${limit}`,
    notAllowed: (types) => `Niedozwolony typ: wyślij ${types}`,
    empty: 'Plik jest pusty',
    badImage: 'Nie można odczytać obrazu lub jest za duży',
    failed: 'Przesyłanie nie powiodło się',
    retry: 'Ponów',
  },
  resume: {
    expired: 'Ten link wygasł — oto nowa rozmowa',
    kept: 'Ten link wygasł',
    identify: 'Zaloguj się na tej stronie, aby kontynuować tamtą rozmowę',
  },
  ended: {
    rate: 'Jak oceniasz tę rozmowę?',
    good: 'Dobrze',
    bad: 'Źle',
    stars: (n) => `${n} z 5`,
    comment: 'Komentarz (opcjonalnie)',
    send: 'Wyślij ocenę',
    rated: 'Dziękujemy za ocenę',
    transcript: 'Wyślij mi zapis rozmowy e-mailem',
    email: 'Twój e-mail',
    badEmail: 'Wpisz adres w formacie name@example.com',
    sendTranscript: 'Wyślij zapis',
    sent: (to) => `Zapis rozmowy jest w drodze na ${to}`,
    failed: 'Nie udało się wysłać. Spróbuj ponownie.',
  },
  voice: 'Wiadomość głosowa',
  emoji: ['Buźki', 'Gesty', 'Serca i symbole', 'Przyroda i jedzenie', 'Podróże i przedmioty'],
} satisfies Translation
