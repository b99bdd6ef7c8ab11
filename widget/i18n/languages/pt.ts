import type { Translation } from '../translation'

const rules = new Intl.PluralRules('pt')
const plural = (n: number, forms: Partial<Record<Intl.LDMLPluralRule, string>>) =>
  forms[rules.select(n)] ?? forms.other ?? ''

export default {
  loader: {
    openChat: 'Abrir chat',
    closeChat: 'Fechar chat',
    online: 'Estamos online',
    offline: 'Deixe uma mensagem',
    unread: (count) => `Mensagens não lidas: ${count}`,
    dismiss: 'Fechar convite',
  },
  chat: {
    close: 'Fechar chat',
    online: 'Online',
    offline: 'Offline',
    connecting: 'Conectando…',
    noNetwork: 'Sem conexão — as mensagens serão enviadas quando a conexão voltar',
    ended: 'Esta conversa terminou',
    messages: 'Mensagens',
    placeholder: 'Digite uma mensagem…',
    messageLabel: 'Mensagem',
    send: 'Enviar',
    attach: 'Anexar arquivo',
    counter: (length, max, parts) =>
      parts > 1 ? `${length} caracteres: será enviada em ${parts} mensagens` : `${length}/${max}`,
    sending: 'Enviando…',
    delayed: 'Atrasada — será enviada',
    sendNow: 'Enviar agora',
    sent: 'Enviada',
    failed: 'Não enviada',
    retry: 'Tentar de novo',
    loadEarlier: 'Carregar mensagens anteriores',
    earlierFailed: 'Não foi possível carregar.',
    typing: (name) => `${name ?? 'Um atendente'} está digitando…`,
    offlineIntro:
      'No momento não estamos disponíveis. Deixe uma mensagem e seus dados de contato que responderemos.',
    download: 'Baixar',
    openMap: 'Abrir mapa',
    location: 'Localização',
    mute: 'Silenciar',
    emoji: 'Emoji',
    newMessageTitle: (count) =>
      `(${count}) ${plural(count, { one: 'Nova mensagem', other: 'Novas mensagens' })}`,
  },
  form: {
    name: 'Nome',
    email: 'E-mail',
    phone: 'Telefone',
    contactNeeded: 'Informe um e-mail ou telefone para que possamos responder.',
    invalid: {
      email: 'Verifique o endereço de e-mail (por exemplo, name@example.com).',
      phone: 'Verifique o telefone: dígitos, espaços, +, -, ( e ).',
    },
    missing: 'Preencha: ',
    leaveMessage: 'Enviar mensagem',
  },
  attach: {
    tray: 'Arquivos para enviar',
    remove: (name) => `Remover ${name}`,
    cancel: (name) => `Cancelar envio de ${name}`,
    uploading: (name) => `Enviando ${name}`,
    tooLarge: (limit) => `Grande demais: o limite é ${limit}`,
    notAllowed: (types) => `Tipo não permitido: envie ${types}`,
    empty: 'O arquivo está vazio',
    badImage: 'Não foi possível ler esta imagem, ou ela é grande demais',
    failed: 'Falha no envio',
    retry: 'Tentar de novo',
  },
  resume: {
    expired: 'Este link expirou — aqui está uma nova conversa',
    kept: 'Este link expirou',
    identify: 'Entre neste site para continuar aquela conversa',
  },
  voice: 'Mensagem de voz',
  emoji: ['Carinhas', 'Gestos', 'Corações e símbolos', 'Natureza e comida', 'Viagens e objetos'],
} satisfies Translation
