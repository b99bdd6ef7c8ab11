import type { Language } from '../../../../shared/widget-api'
import type { LinkPageTexts } from './type'

/** The link pages' texts in the languages of western Europe. */
export const LINK_PAGE_TEXTS_EUROPE_WEST = {
  en: {
    unsubscribeAsk: 'Stop e-mails about your chat replies to this address?',
    unsubscribed: 'Unsubscribed',
    unsubscribedText: 'You will get no more e-mails from this chat.',
    unsubscribeInvalid: 'This unsubscribe link is not valid: copy the whole link from the e-mail.',
    confirmTitle: 'Confirm your address',
    confirmAsk:
      'Confirm that this e-mail address is yours: replies and transcripts of your chat may then be sent to it.',
    confirmed: 'Address confirmed',
    confirmedText:
      'Your e-mail address is confirmed. What waited for it (replies, a transcript) is on its way.',
    confirmInvalid:
      'This confirmation link is not valid: it was used already, has expired, or was cut. Ask for the transcript again in the chat, or wait for the next reply’s e-mail.',
    confirmChanged:
      'This address is no longer the one in your chat: nothing was confirmed. Confirm with the link of the newest e-mail.',
  },
  de: {
    unsubscribeAsk: 'Keine E-Mails mehr zu Antworten in Ihrem Chat an diese Adresse senden?',
    unsubscribed: 'Abgemeldet',
    unsubscribedText: 'Sie erhalten keine E-Mails mehr aus diesem Chat.',
    unsubscribeInvalid:
      'Dieser Abmeldelink ist ungültig: Kopieren Sie den vollständigen Link aus der E-Mail.',
    confirmTitle: 'Adresse bestätigen',
    confirmAsk:
      'Bestätigen Sie, dass diese E-Mail-Adresse Ihnen gehört: Dann können Antworten und Verläufe Ihres Chats an sie gesendet werden.',
    confirmed: 'Adresse bestätigt',
    confirmedText:
      'Ihre E-Mail-Adresse ist bestätigt. Was darauf gewartet hat (Antworten, ein Verlauf), ist unterwegs.',
    confirmInvalid:
      'Dieser Bestätigungslink ist ungültig: Er wurde schon benutzt, ist abgelaufen oder unvollständig. Fordern Sie den Verlauf im Chat erneut an oder warten Sie auf die E-Mail zur nächsten Antwort.',
    confirmChanged:
      'Diese Adresse ist nicht mehr die Ihres Chats: Nichts wurde bestätigt. Bestätigen Sie mit dem Link der neuesten E-Mail.',
  },
  fr: {
    unsubscribeAsk: 'Ne plus recevoir à cette adresse les e-mails sur les réponses de votre chat ?',
    unsubscribed: 'Désinscription effectuée',
    unsubscribedText: 'Vous ne recevrez plus d’e-mails de ce chat.',
    unsubscribeInvalid:
      'Ce lien de désinscription n’est pas valide : copiez le lien complet depuis l’e-mail.',
    confirmTitle: 'Confirmez votre adresse',
    confirmAsk:
      'Confirmez que cette adresse e-mail est la vôtre : les réponses et les transcriptions de votre chat pourront alors y être envoyées.',
    confirmed: 'Adresse confirmée',
    confirmedText:
      'Votre adresse e-mail est confirmée. Ce qui l’attendait (réponses, transcription) est en route.',
    confirmInvalid:
      'Ce lien de confirmation n’est pas valide : il a déjà servi, a expiré ou est incomplet. Redemandez la transcription dans le chat, ou attendez l’e-mail de la prochaine réponse.',
    confirmChanged:
      'Cette adresse n’est plus celle de votre chat : rien n’a été confirmé. Confirmez avec le lien du dernier e-mail.',
  },
  es: {
    unsubscribeAsk: '¿Dejar de enviar a esta dirección e-mails sobre las respuestas de tu chat?',
    unsubscribed: 'Suscripción cancelada',
    unsubscribedText: 'No recibirás más e-mails de este chat.',
    unsubscribeInvalid:
      'Este enlace para darse de baja no es válido: copia el enlace completo del e-mail.',
    confirmTitle: 'Confirma tu dirección',
    confirmAsk:
      'Confirma que esta dirección de e-mail es tuya: así podremos enviarle las respuestas y transcripciones de tu chat.',
    confirmed: 'Dirección confirmada',
    confirmedText:
      'Tu dirección de e-mail está confirmada. Lo que la esperaba (respuestas, una transcripción) ya está en camino.',
    confirmInvalid:
      'Este enlace de confirmación no es válido: ya se usó, caducó o está cortado. Vuelve a pedir la transcripción en el chat o espera el e-mail de la próxima respuesta.',
    confirmChanged:
      'Esta dirección ya no es la de tu chat: no se confirmó nada. Confirma con el enlace del e-mail más reciente.',
  },
  it: {
    unsubscribeAsk: 'Non inviare più a questo indirizzo e-mail sulle risposte della tua chat?',
    unsubscribed: 'Iscrizione annullata',
    unsubscribedText: 'Non riceverai più e-mail da questa chat.',
    unsubscribeInvalid:
      'Questo link di annullamento non è valido: copia il link completo dall’e-mail.',
    confirmTitle: 'Conferma il tuo indirizzo',
    confirmAsk:
      'Conferma che questo indirizzo e-mail è tuo: potremo così inviarti le risposte e le trascrizioni della tua chat.',
    confirmed: 'Indirizzo confermato',
    confirmedText:
      'Il tuo indirizzo e-mail è confermato. Ciò che lo attendeva (risposte, una trascrizione) è in arrivo.',
    confirmInvalid:
      'Questo link di conferma non è valido: è già stato usato, è scaduto o è incompleto. Richiedi di nuovo la trascrizione nella chat o attendi l’e-mail della prossima risposta.',
    confirmChanged:
      'Questo indirizzo non è più quello della tua chat: non è stato confermato nulla. Conferma con il link dell’e-mail più recente.',
  },
  pt: {
    unsubscribeAsk: 'Deixar de enviar para este endereço e-mails sobre as respostas do seu chat?',
    unsubscribed: 'Inscrição cancelada',
    unsubscribedText: 'Você não receberá mais e-mails deste chat.',
    unsubscribeInvalid: 'Este link de cancelamento não é válido: copie o link completo do e-mail.',
    confirmTitle: 'Confirme seu endereço',
    confirmAsk:
      'Confirme que este endereço de e-mail é seu: assim as respostas e transcrições do seu chat poderão ser enviadas para ele.',
    confirmed: 'Endereço confirmado',
    confirmedText:
      'Seu endereço de e-mail está confirmado. O que o aguardava (respostas, uma transcrição) já está a caminho.',
    confirmInvalid:
      'Este link de confirmação não é válido: já foi usado, expirou ou está incompleto. Peça a transcrição de novo no chat ou aguarde o e-mail da próxima resposta.',
    confirmChanged:
      'Este endereço não é mais o do seu chat: nada foi confirmado. Confirme com o link do e-mail mais recente.',
  },
  nl: {
    unsubscribeAsk: 'Geen e-mails meer over antwoorden in je chat naar dit adres sturen?',
    unsubscribed: 'Afgemeld',
    unsubscribedText: 'Je krijgt geen e-mails meer van deze chat.',
    unsubscribeInvalid: 'Deze afmeldlink is ongeldig: kopieer de volledige link uit de e-mail.',
    confirmTitle: 'Bevestig je adres',
    confirmAsk:
      'Bevestig dat dit e-mailadres van jou is: dan kunnen antwoorden en verslagen van je chat ernaartoe worden gestuurd.',
    confirmed: 'Adres bevestigd',
    confirmedText:
      'Je e-mailadres is bevestigd. Wat erop wachtte (antwoorden, een verslag) is onderweg.',
    confirmInvalid:
      'Deze bevestigingslink is ongeldig: hij is al gebruikt, verlopen of afgebroken. Vraag het verslag opnieuw aan in de chat, of wacht op de e-mail van het volgende antwoord.',
    confirmChanged:
      'Dit adres is niet meer dat van je chat: er is niets bevestigd. Bevestig met de link uit de nieuwste e-mail.',
  },
} satisfies Partial<Record<Language, LinkPageTexts>>
