import type { Language } from '../../../../shared/widget-api'
import type { ConfirmTexts } from './type'

/** The confirmation e-mail's fixed texts in the languages of western Europe. */
export const CONFIRM_TEXTS_EUROPE_WEST = {
  en: {
    subject: 'Confirm your e-mail address for {site}',
    reply:
      'You have a new reply from {site}. Confirm your e-mail address to read it: the reply follows by e-mail.',
    transcript:
      'You asked {site} for the transcript of your chat. Confirm your e-mail address and the transcript follows.',
    button: 'Confirm my address',
    ignore: 'If you did not ask for this, ignore this e-mail: nothing more will be sent to you.',
  },
  de: {
    subject: 'Bestätigen Sie Ihre E-Mail-Adresse für {site}',
    reply:
      'Sie haben eine neue Antwort von {site}. Bestätigen Sie Ihre E-Mail-Adresse, um sie zu lesen: Die Antwort folgt per E-Mail.',
    transcript:
      'Sie haben bei {site} das Gesprächsprotokoll angefordert. Bestätigen Sie Ihre E-Mail-Adresse, dann folgt das Protokoll.',
    button: 'Adresse bestätigen',
    ignore:
      'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Sie erhalten nichts weiter.',
  },
  fr: {
    subject: 'Confirmez votre adresse e-mail pour {site}',
    reply:
      'Vous avez une nouvelle réponse de {site}. Confirmez votre adresse e-mail pour la lire : la réponse suivra par e-mail.',
    transcript:
      'Vous avez demandé à {site} la transcription de votre conversation. Confirmez votre adresse e-mail et la transcription suivra.',
    button: 'Confirmer mon adresse',
    ignore:
      'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : vous ne recevrez rien d’autre.',
  },
  es: {
    subject: 'Confirma tu dirección de correo para {site}',
    reply:
      'Tienes una nueva respuesta de {site}. Confirma tu dirección de correo para leerla: la respuesta te llegará por correo.',
    transcript:
      'Pediste a {site} la conversación por correo. Confirma tu dirección de correo y te llegará la conversación.',
    button: 'Confirmar mi dirección',
    ignore: 'Si no lo pediste tú, ignora este correo: no recibirás nada más.',
  },
  it: {
    subject: 'Conferma il tuo indirizzo e-mail per {site}',
    reply:
      'Hai una nuova risposta da {site}. Conferma il tuo indirizzo e-mail per leggerla: la risposta arriverà via e-mail.',
    transcript:
      'Hai chiesto a {site} la trascrizione della chat. Conferma il tuo indirizzo e-mail e la trascrizione arriverà.',
    button: 'Conferma il mio indirizzo',
    ignore: 'Se non l’hai chiesto tu, ignora questa e-mail: non riceverai nient’altro.',
  },
  pt: {
    subject: 'Confirme seu endereço de e-mail para {site}',
    reply:
      'Você tem uma nova resposta de {site}. Confirme seu endereço de e-mail para lê-la: a resposta chegará por e-mail.',
    transcript:
      'Você pediu a {site} a conversa por e-mail. Confirme seu endereço de e-mail e a conversa chegará.',
    button: 'Confirmar meu endereço',
    ignore: 'Se não foi você que pediu, ignore este e-mail: nada mais será enviado.',
  },
  nl: {
    subject: 'Bevestig je e-mailadres voor {site}',
    reply:
      'Je hebt een nieuw antwoord van {site}. Bevestig je e-mailadres om het te lezen: het antwoord volgt per e-mail.',
    transcript:
      'Je hebt {site} gevraagd om het gesprek per e-mail. Bevestig je e-mailadres en het gesprek volgt.',
    button: 'Mijn adres bevestigen',
    ignore: 'Heb je dit niet gevraagd? Negeer deze e-mail dan: je ontvangt verder niets.',
  },
} satisfies Partial<Record<Language, ConfirmTexts>>
