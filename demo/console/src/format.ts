import type { Chat, ChatEntry } from '../../sandbox/service/model'

/**
 * The customer as the console names them: their name, else their e-mail or phone, else
 * "Visitor" and a short label that stays the same for that visitor, never the widget's
 * long random id ("Visitor lHAZy6r-g8-…").
 */
export function customerName(chat: Pick<Chat, 'customer' | 'clientId'>): string {
  const { name, email, phone } = chat.customer
  return name?.trim() || email?.trim() || phone?.trim() || `Visitor ${visitorLabel(chat.clientId)}`
}

/** Four letters and digits from a visitor's id (its FNV-1a hash): short, and the same every time. */
export function visitorLabel(clientId: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < clientId.length; i++)
    hash = Math.imul(hash ^ clientId.charCodeAt(i), 0x01000193)
  return (hash >>> 0).toString(36).toUpperCase().slice(-4).padStart(4, '0')
}

export function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
  return letters.join('') || '?'
}

export function formatTime(at: number): string {
  return new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** One line about an entry, for the chat list. */
export function preview(entry: ChatEntry | undefined): string {
  if (!entry) return 'No messages yet'
  if (entry.author === 'system') return entry.text ?? ''
  const message = entry.message
  const prefix = entry.author === 'customer' ? '' : `${entry.name ?? 'Agent'}: `
  if (!message) return `${prefix}${entry.botMessage?.type ?? ''} message (not sent)`
  if (message.type === 'text') return `${prefix}${message.text}`
  if (message.type === 'location') return `${prefix}Location`
  if (message.type === 'typein' || message.type === 'typeout') return ''
  return `${prefix}${MEDIA_LABELS[message.type]}: ${message.file_name}`
}

export const MEDIA_LABELS = {
  photo: 'Photo',
  sticker: 'Sticker',
  video: 'Video',
  audio: 'Audio',
  voice: 'Voice message',
  document: 'File',
} as const

export const STATE_LABELS: Record<Chat['state'], string> = {
  bot: 'Bot',
  queued: 'Waiting',
  active: 'In chat',
  closed: 'Closed',
}
