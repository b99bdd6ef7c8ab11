import type { Translation } from '../translation'

const rules = new Intl.PluralRules('it')
const plural = (n: number, forms: Partial<Record<Intl.LDMLPluralRule, string>>) =>
  forms[rules.select(n)] ?? forms.other ?? ''

export default {
  loader: {
    openChat: 'Apri la chat',
    closeChat: 'Chiudi la chat',
    online: 'Siamo online',
    offline: 'Lascia un messaggio',
    unread: (count) => `Messaggi non letti: ${count}`,
    dismiss: 'Chiudi l’invito',
  },
  chat: {
    close: 'Chiudi la chat',
    online: 'Online',
    offline: 'Offline',
    connecting: 'Connessione in corso…',
    noNetwork: 'Offline: i messaggi partiranno appena torna la connessione',
    ended: 'Questa conversazione è terminata',
    messages: 'Messaggi',
    placeholder: 'Scrivi un messaggio…',
    messageLabel: 'Messaggio',
    send: 'Invia',
    attach: 'Allega un file',
    counter: (length, max, parts) =>
      parts > 1 ? `${length} caratteri: verrà inviato in ${parts} messaggi` : `${length}/${max}`,
    sending: 'Invio in corso…',
    delayed: 'In ritardo: verrà inviato',
    sendNow: 'Invia ora',
    sent: 'Inviato',
    failed: 'Non inviato',
    retry: 'Riprova',
    loadEarlier: 'Carica i messaggi precedenti',
    earlierFailed: 'Impossibile caricare.',
    typing: (name) => `${name ?? 'Un operatore'} sta scrivendo…`,
    offlineIntro:
      'Al momento non siamo disponibili. Lascia un messaggio e i tuoi recapiti: ti risponderemo al più presto.',
    download: 'Scarica',
    openMap: 'Apri la mappa',
    location: 'Posizione',
    mute: 'Disattiva audio',
    emoji: 'Emoji',
    newMessageTitle: (count) =>
      `(${count}) ${plural(count, { one: 'Nuovo messaggio', other: 'Nuovi messaggi' })}`,
  },
  form: {
    name: 'Nome',
    email: 'Email',
    phone: 'Telefono',
    contactNeeded: 'Indica un’email o un numero di telefono, così potremo risponderti.',
    invalid: {
      email: 'Controlla l’indirizzo email (ad esempio name@example.com).',
      phone: 'Controlla il numero di telefono: cifre, spazi, +, -, ( e ).',
    },
    missing: 'Compila: ',
    leaveMessage: 'Invia messaggio',
  },
  attach: {
    tray: 'File da inviare',
    remove: (name) => `Rimuovi ${name}`,
    cancel: (name) => `Annulla l’invio di ${name}`,
    uploading: (name) => `Caricamento di ${name}`,
    tooLarge: (limit) => `Troppo grande: il limite è ${limit}`,
    notAllowed: (types) => `Tipo non consentito: invia ${types}`,
    empty: 'Il file è vuoto',
    badImage: 'Impossibile leggere l’immagine, oppure è troppo grande',
    failed: 'Caricamento non riuscito',
    retry: 'Riprova',
  },
  resume: {
    expired: 'Questo link è scaduto: ecco una nuova conversazione',
    kept: 'Questo link è scaduto',
    identify: 'Accedi a questo sito per continuare quella conversazione',
  },
  answering: {
    joined: (name) =>
      name ? `${name} è ora nella conversazione` : 'Un operatore è ora nella conversazione',
    you: 'Tu',
    agent: 'Operatore',
    minutes: 'Di solito rispondiamo in pochi minuti',
    hour: 'Di solito rispondiamo entro un’ora',
    day: 'Di solito rispondiamo entro un giorno',
  },
  ended: {
    rate: 'Com’è andata questa conversazione?',
    good: 'Bene',
    bad: 'Male',
    stars: (n) => `${n} su 5`,
    comment: 'Commento (facoltativo)',
    send: 'Invia valutazione',
    rated: 'Grazie per la valutazione',
    transcript: 'Inviami la trascrizione via e-mail',
    email: 'La tua e-mail',
    badEmail: 'Inserisci un indirizzo come name@example.com',
    sendTranscript: 'Invia trascrizione',
    sent: (to) => `La trascrizione è in arrivo a ${to}`,
    failed: 'Invio non riuscito. Riprova.',
  },
  voice: 'Messaggio vocale',
  emoji: ['Faccine', 'Gesti', 'Cuori e simboli', 'Natura e cibo', 'Viaggi e oggetti'],
} satisfies Translation
