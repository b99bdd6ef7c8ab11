import type { Translation } from '../translation'

const rules = new Intl.PluralRules('fr')
const plural = (n: number, forms: Partial<Record<Intl.LDMLPluralRule, string>>) =>
  forms[rules.select(n)] ?? forms.other ?? ''

export default {
  loader: {
    openChat: 'Ouvrir le chat',
    closeChat: 'Fermer le chat',
    online: 'Nous sommes en ligne',
    offline: 'Laissez-nous un message',
    unread: (count) => `Messages non lus : ${count}`,
    dismiss: 'Fermer l’invitation',
  },
  chat: {
    close: 'Fermer le chat',
    online: 'En ligne',
    offline: 'Hors ligne',
    connecting: 'Connexion…',
    noNetwork: 'Hors ligne — les messages partiront dès le retour de la connexion',
    ended: 'Cette conversation est terminée',
    messages: 'Messages',
    placeholder: 'Écrivez un message…',
    messageLabel: 'Message',
    send: 'Envoyer',
    attach: 'Joindre un fichier',
    counter: (length, max, parts) =>
      parts > 1 ? `${length} caractères : sera envoyé en ${parts} messages` : `${length}/${max}`,
    sending: 'Envoi…',
    delayed: 'Retardé — sera envoyé',
    sendNow: 'Envoyer maintenant',
    sent: 'Envoyé',
    failed: 'Non envoyé',
    retry: 'Réessayer',
    loadEarlier: 'Charger les messages précédents',
    earlierFailed: 'Échec du chargement.',
    typing: (name) => `${name ?? 'Un conseiller'} est en train d’écrire…`,
    offlineIntro:
      'Nous ne sommes pas disponibles pour le moment. Laissez un message et vos coordonnées, nous vous répondrons.',
    download: 'Télécharger',
    openMap: 'Ouvrir la carte',
    location: 'Position',
    mute: 'Couper le son',
    emoji: 'Emoji',
    newMessageTitle: (count) =>
      `(${count}) ${plural(count, { one: 'Nouveau message', other: 'Nouveaux messages' })}`,
  },
  form: {
    name: 'Nom',
    email: 'E-mail',
    phone: 'Téléphone',
    contactNeeded:
      'Indiquez un e-mail ou un numéro de téléphone pour que nous puissions vous répondre.',
    invalid: {
      email: 'Vérifiez l’adresse e-mail (par exemple name@example.com).',
      phone: 'Vérifiez le numéro de téléphone : chiffres, espaces, +, -, ( et ).',
    },
    missing: 'À remplir : ',
    leaveMessage: 'Envoyer le message',
    required: '* obligatoire',
    eitherContact: 'E-mail ou téléphone : l’un des deux suffit',
  },
  attach: {
    tray: 'Fichiers à envoyer',
    remove: (name) => `Retirer ${name}`,
    cancel: (name) => `Annuler l’envoi de ${name}`,
    uploading: (name) => `Envoi de ${name}`,
    tooLarge: (limit) => `Trop volumineux : la limite est de ${limit}`,
    notAllowed: (types) => `Type non autorisé : envoyez ${types}`,
    empty: 'Le fichier est vide',
    badImage: 'Cette image est illisible ou trop grande',
    failed: 'Échec de l’envoi',
    retry: 'Réessayer',
  },
  resume: {
    expired: 'Ce lien a expiré — voici une nouvelle conversation',
    kept: 'Ce lien a expiré',
    identify: 'Connectez-vous sur ce site pour reprendre cette conversation',
  },
  answering: {
    joined: (name) =>
      name ? `${name} a rejoint la conversation` : 'Un conseiller a rejoint la conversation',
    you: 'Vous',
    agent: 'Conseiller',
    minutes: 'Nous répondons généralement en quelques minutes',
    hour: 'Nous répondons généralement en une heure',
    day: 'Nous répondons généralement en une journée',
  },
  ended: {
    rate: 'Comment s’est passée cette conversation ?',
    good: 'Bien',
    bad: 'Pas bien',
    stars: (n) => `${n} sur 5`,
    comment: 'Commentaire (facultatif)',
    send: 'Envoyer la note',
    rated: 'Merci pour votre note',
    transcript: 'M’envoyer la transcription par e-mail',
    email: 'Votre e-mail',
    badEmail: 'Saisissez une adresse comme name@example.com',
    sendTranscript: 'Envoyer la transcription',
    sent: (to) => `La transcription est en route vers ${to}`,
    failed: 'Envoi impossible. Réessayez.',
  },
  voice: 'Message vocal',
  emoji: ['Smileys', 'Gestes', 'Cœurs et symboles', 'Nature et nourriture', 'Voyages et objets'],
} satisfies Translation
