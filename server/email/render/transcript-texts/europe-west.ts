import type { Language } from '../../../../shared/widget-api'
import type { TranscriptTexts } from './type'

/** The transcript e-mail's fixed texts in the languages of western Europe. */
export const TRANSCRIPT_TEXTS_EUROPE_WEST = {
  en: {
    subject: 'Your conversation with {site}',
    intro: 'Here is the transcript of your conversation with {site}, as you asked in the chat.',
    you: 'You',
    agent: 'Agent',
    bot: 'Assistant',
    empty: '(no messages)',
    footer: 'You get this e-mail because you asked for it in the chat on {site}. Times are UTC.',
  },
  de: {
    subject: 'Ihr Gespräch mit {site}',
    intro:
      'Hier ist das Protokoll Ihres Gesprächs mit {site}, wie Sie es im Chat angefordert haben.',
    you: 'Sie',
    agent: 'Mitarbeiter',
    bot: 'Assistent',
    empty: '(keine Nachrichten)',
    footer:
      'Sie erhalten diese E-Mail, weil Sie sie im Chat auf {site} angefordert haben. Zeiten in UTC.',
  },
  fr: {
    subject: 'Votre conversation avec {site}',
    intro: 'Voici la transcription de votre conversation avec {site}, comme demandé dans le chat.',
    you: 'Vous',
    agent: 'Conseiller',
    bot: 'Assistant',
    empty: '(aucun message)',
    footer:
      'Vous recevez cet e-mail car vous l’avez demandé dans le chat de {site}. Heures en UTC.',
  },
  es: {
    subject: 'Tu conversación con {site}',
    intro: 'Aquí tienes la transcripción de tu conversación con {site}, como pediste en el chat.',
    you: 'Tú',
    agent: 'Agente',
    bot: 'Asistente',
    empty: '(sin mensajes)',
    footer: 'Recibes este correo porque lo pediste en el chat de {site}. Las horas están en UTC.',
  },
  it: {
    subject: 'La tua conversazione con {site}',
    intro: 'Ecco la trascrizione della tua conversazione con {site}, come richiesto nella chat.',
    you: 'Tu',
    agent: 'Operatore',
    bot: 'Assistente',
    empty: '(nessun messaggio)',
    footer: 'Ricevi questa e-mail perché l’hai richiesta nella chat di {site}. Orari in UTC.',
  },
  pt: {
    subject: 'Sua conversa com {site}',
    intro: 'Aqui está a transcrição da sua conversa com {site}, como você pediu no chat.',
    you: 'Você',
    agent: 'Atendente',
    bot: 'Assistente',
    empty: '(nenhuma mensagem)',
    footer: 'Você recebeu este e-mail porque o pediu no chat de {site}. Horários em UTC.',
  },
  nl: {
    subject: 'Uw gesprek met {site}',
    intro: 'Hier is het verslag van uw gesprek met {site}, zoals u in de chat vroeg.',
    you: 'U',
    agent: 'Medewerker',
    bot: 'Assistent',
    empty: '(geen berichten)',
    footer: 'U ontvangt deze e-mail omdat u erom vroeg in de chat op {site}. Tijden in UTC.',
  },
} satisfies Partial<Record<Language, TranscriptTexts>>
