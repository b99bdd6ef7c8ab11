import type { Translation } from '../translation'

const rules = new Intl.PluralRules('es')
const plural = (n: number, forms: Partial<Record<Intl.LDMLPluralRule, string>>) =>
  forms[rules.select(n)] ?? forms.other ?? ''

export default {
  loader: {
    openChat: 'Abrir chat',
    closeChat: 'Cerrar chat',
    online: 'Estamos en línea',
    offline: 'Déjanos un mensaje',
    unread: (count) => `Mensajes sin leer: ${count}`,
    dismiss: 'Cerrar invitación',
  },
  chat: {
    close: 'Cerrar chat',
    online: 'En línea',
    offline: 'Desconectado',
    connecting: 'Conectando…',
    noNetwork: 'Sin conexión: los mensajes se enviarán cuando vuelvas a estar en línea',
    ended: 'Esta conversación ha terminado',
    messages: 'Mensajes',
    placeholder: 'Escribe un mensaje…',
    messageLabel: 'Mensaje',
    send: 'Enviar',
    attach: 'Adjuntar un archivo',
    counter: (length, max, parts) =>
      parts > 1 ? `${length} caracteres: se enviará en ${parts} mensajes` : `${length}/${max}`,
    sending: 'Enviando…',
    delayed: 'Retrasado: se enviará',
    sendNow: 'Enviar ahora',
    sent: 'Enviado',
    failed: 'No enviado',
    retry: 'Reintentar',
    loadEarlier: 'Cargar mensajes anteriores',
    earlierFailed: 'No se pudo cargar.',
    typing: (name) => `${name ?? 'Un agente'} está escribiendo…`,
    offlineIntro:
      'Ahora mismo no estamos disponibles. Déjanos un mensaje y tus datos de contacto y te responderemos.',
    download: 'Descargar',
    openMap: 'Abrir mapa',
    location: 'Ubicación',
    mute: 'Silenciar',
    emoji: 'Emojis',
    newMessageTitle: (count) =>
      `(${count}) ${plural(count, { one: 'Mensaje nuevo', other: 'Mensajes nuevos' })}`,
  },
  form: {
    name: 'Nombre',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    contactNeeded: 'Indica un correo electrónico o un teléfono para que podamos responderte.',
    invalid: {
      email: 'Revisa el correo electrónico (por ejemplo, name@example.com).',
      phone: 'Revisa el teléfono: dígitos, espacios, +, -, ( y ).',
    },
    missing: 'Completa: ',
    leaveMessage: 'Enviar mensaje',
  },
  attach: {
    tray: 'Archivos para enviar',
    remove: (name) => `Quitar ${name}`,
    cancel: (name) => `Cancelar el envío de ${name}`,
    uploading: (name) => `Subiendo ${name}`,
    tooLarge: (limit) => `Demasiado grande: el límite es ${limit}`,
    notAllowed: (types) => `Tipo no permitido: envía ${types}`,
    empty: 'El archivo está vacío',
    badImage: 'No se puede leer esta imagen o es demasiado grande',
    failed: 'Error al subir',
    retry: 'Reintentar',
  },
  resume: {
    expired: 'Este enlace ha caducado: aquí tienes una conversación nueva',
    kept: 'Este enlace ha caducado',
    identify: 'Inicia sesión en este sitio para continuar esa conversación',
  },
  answering: {
    joined: (name) =>
      name ? `${name} se ha unido a la conversación` : 'Un agente se ha unido a la conversación',
    you: 'Tú',
    agent: 'Agente',
    minutes: 'Solemos responder en unos minutos',
    hour: 'Solemos responder en una hora',
    day: 'Solemos responder en un día',
  },
  ended: {
    rate: '¿Qué tal ha ido la conversación?',
    good: 'Bien',
    bad: 'Mal',
    stars: (n) => `${n} de 5`,
    comment: 'Comentario (opcional)',
    send: 'Enviar valoración',
    rated: 'Gracias por tu valoración',
    transcript: 'Enviarme la conversación por correo',
    email: 'Tu correo electrónico',
    badEmail: 'Escribe una dirección como name@example.com',
    sendTranscript: 'Enviar conversación',
    sent: (to) => `La conversación va de camino a ${to}`,
    failed: 'No se pudo enviar. Inténtalo de nuevo.',
  },
  voice: 'Mensaje de voz',
  emoji: ['Caritas', 'Gestos', 'Corazones y símbolos', 'Naturaleza y comida', 'Viajes y objetos'],
} satisfies Translation
