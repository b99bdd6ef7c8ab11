import type { Translation } from '../translation'

const rules = new Intl.PluralRules('el')
const plural = (n: number, forms: Partial<Record<Intl.LDMLPluralRule, string>>) =>
  forms[rules.select(n)] ?? forms.other ?? ''

export default {
  loader: {
    openChat: 'Άνοιγμα συνομιλίας',
    closeChat: 'Κλείσιμο συνομιλίας',
    online: 'Είμαστε διαθέσιμοι',
    offline: 'Αφήστε μήνυμα',
    unread: (count) => `Μη αναγνωσμένα μηνύματα: ${count}`,
    dismiss: 'Κλείσιμο πρόσκλησης',
  },
  chat: {
    close: 'Κλείσιμο συνομιλίας',
    online: 'Σε σύνδεση',
    offline: 'Εκτός σύνδεσης',
    connecting: 'Σύνδεση…',
    noNetwork: 'Εκτός σύνδεσης — τα μηνύματα θα σταλούν μόλις επανέλθει η σύνδεση',
    ended: 'Η συνομιλία έληξε',
    messages: 'Μηνύματα',
    placeholder: 'Γράψτε ένα μήνυμα…',
    messageLabel: 'Μήνυμα',
    send: 'Αποστολή',
    attach: 'Επισύναψη αρχείου',
    counter: (length, max, parts) =>
      parts > 1 ? `${length} χαρακτήρες: θα σταλεί σε ${parts} μηνύματα` : `${length}/${max}`,
    sending: 'Αποστολή…',
    delayed: 'Καθυστερεί — θα σταλεί',
    sendNow: 'Αποστολή τώρα',
    sent: 'Στάλθηκε',
    failed: 'Δεν στάλθηκε',
    retry: 'Επανάληψη',
    loadEarlier: 'Φόρτωση παλαιότερων μηνυμάτων',
    earlierFailed: 'Η φόρτωση απέτυχε.',
    typing: (name) => `${name ?? 'Ένας εκπρόσωπος'} πληκτρολογεί…`,
    offlineIntro:
      'Δεν είμαστε διαθέσιμοι αυτή τη στιγμή. Αφήστε ένα μήνυμα και τα στοιχεία σας και θα επικοινωνήσουμε μαζί σας.',
    download: 'Λήψη',
    openMap: 'Άνοιγμα χάρτη',
    location: 'Τοποθεσία',
    mute: 'Σίγαση',
    emoji: 'Emoji',
    newMessageTitle: (count) =>
      `(${count}) ${plural(count, { one: 'Νέο μήνυμα', other: 'Νέα μηνύματα' })}`,
  },
  form: {
    name: 'Όνομα',
    email: 'Email',
    phone: 'Τηλέφωνο',
    contactNeeded: 'Δώστε ένα email ή έναν αριθμό τηλεφώνου για να σας απαντήσουμε.',
    invalid: {
      email: 'Ελέγξτε τη διεύθυνση email (π.χ. name@example.com).',
      phone: 'Ελέγξτε τον αριθμό τηλεφώνου: ψηφία, κενά, +, -, ( και ).',
    },
    missing: 'Συμπληρώστε: ',
    leaveMessage: 'Αποστολή μηνύματος',
    required: '* υποχρεωτικό',
    eitherContact: 'Email ή τηλέφωνο: αρκεί ένα από τα δύο',
  },
  attach: {
    tray: 'Αρχεία προς αποστολή',
    remove: (name) => `Αφαίρεση ${name}`,
    cancel: (name) => `Ακύρωση αποστολής ${name}`,
    uploading: (name) => `Μεταφόρτωση ${name}`,
    tooLarge: (limit) => `Πολύ μεγάλο: το όριο είναι ${limit}`,
    notAllowed: (types) => `Μη επιτρεπτός τύπος: στείλτε ${types}`,
    empty: 'Το αρχείο είναι κενό',
    badImage: 'Η εικόνα δεν διαβάζεται ή είναι πολύ μεγάλη',
    failed: 'Η μεταφόρτωση απέτυχε',
    retry: 'Επανάληψη',
  },
  resume: {
    expired: 'Ο σύνδεσμος έληξε — ορίστε μια νέα συνομιλία',
    kept: 'Ο σύνδεσμος έληξε',
    identify: 'Συνδεθείτε σε αυτόν τον ιστότοπο για να συνεχίσετε εκείνη τη συνομιλία',
  },
  answering: {
    joined: (name) =>
      name
        ? `${name} συμμετέχει πλέον στη συζήτηση`
        : 'Ένας εκπρόσωπος συμμετέχει πλέον στη συζήτηση',
    you: 'Εσείς',
    agent: 'Εκπρόσωπος',
    minutes: 'Συνήθως απαντάμε σε λίγα λεπτά',
    hour: 'Συνήθως απαντάμε μέσα σε μία ώρα',
    day: 'Συνήθως απαντάμε μέσα σε μία ημέρα',
  },
  ended: {
    rate: 'Πώς ήταν αυτή η συνομιλία;',
    good: 'Καλή',
    bad: 'Κακή',
    stars: (n) => `${n} από 5`,
    comment: 'Σχόλιο (προαιρετικό)',
    send: 'Αποστολή βαθμολογίας',
    rated: 'Ευχαριστούμε για τη βαθμολογία σας',
    transcript: 'Στείλτε μου τη συνομιλία με email',
    email: 'Το email σας',
    badEmail: 'Εισαγάγετε μια διεύθυνση όπως name@example.com',
    sendTranscript: 'Αποστολή συνομιλίας',
    sent: (to) => `Η συνομιλία στέλνεται στο ${to}`,
    failed: 'Η αποστολή απέτυχε. Δοκιμάστε ξανά.',
  },
  voice: 'Φωνητικό μήνυμα',
  emoji: [
    'Φατσούλες',
    'Χειρονομίες',
    'Καρδιές και σύμβολα',
    'Φύση και φαγητό',
    'Ταξίδια και αντικείμενα',
  ],
} satisfies Translation
