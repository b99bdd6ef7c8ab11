import type { Chat, ChatEntry } from '../../sandbox/service/model'

export function customerName(chat: Chat): string {
  return chat.customer.name?.trim() || `Visitor ${chat.clientId}`
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
