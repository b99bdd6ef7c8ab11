import type { ConversationEntry, EntryContent } from '../../shared/widget-api'
import { isHttpUrl, isPositiveInt } from './http-url'
import { isNonEmptyString, isRecord, isString, type Json, optional, pick } from './read'

// Mirrors ConversationEntry / EntryContent of shared/widget-api.ts.

const FILE_TYPES = ['video', 'audio', 'voice', 'photo', 'sticker', 'document']
const AUTHORS = ['visitor', 'agent', 'bot', 'system']
const MEDIA_KEYS = [
  'id',
  'thumb',
  'emoji',
  'duration',
  'width',
  'height',
  'text',
  'performer',
  'title',
]
const FILE_KEYS = [...MEDIA_KEYS, 'type', 'file', 'file_name', 'file_size']
const LOCATION_KEYS = [...FILE_KEYS, 'latitude', 'longitude']

function hasMediaFields(value: Json): boolean {
  return (
    optional(value.id, isString) &&
    optional(value.thumb, isHttpUrl) &&
    optional(value.emoji, isString) &&
    optional(value.duration, isPositiveInt) &&
    optional(value.width, isPositiveInt) &&
    optional(value.height, isPositiveInt) &&
    optional(value.text, isString) &&
    optional(value.performer, isString) &&
    optional(value.title, isString)
  )
}

function inRange(value: unknown, limit: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit
}

export function parseEntryContent(value: unknown): EntryContent | undefined {
  if (!isRecord(value)) return undefined
  if (value.type === 'text') {
    if (!isNonEmptyString(value.text) || !optional(value.id, isString)) return undefined
    return pick(value, ['type', 'id', 'text']) as EntryContent
  }
  if (!hasMediaFields(value)) return undefined
  if (FILE_TYPES.includes(value.type as string)) {
    const valid =
      isHttpUrl(value.file) && isNonEmptyString(value.file_name) && isPositiveInt(value.file_size)
    return valid ? (pick(value, FILE_KEYS) as EntryContent) : undefined
  }
  if (value.type === 'location') {
    const valid =
      inRange(value.latitude, 90) &&
      inRange(value.longitude, 180) &&
      optional(value.file, isHttpUrl) &&
      optional(value.file_name, isString) &&
      optional(value.file_size, isPositiveInt)
    return valid ? (pick(value, LOCATION_KEYS) as EntryContent) : undefined
  }
  return undefined
}

/** Parses one conversation entry; undefined when anything does not match the schema. */
export function parseConversationEntry(value: unknown): ConversationEntry | undefined {
  if (!isRecord(value)) return undefined
  const content = parseEntryContent(value.content)
  const valid =
    content !== undefined &&
    isString(value.id) &&
    optional(value.clientId, isString) &&
    AUTHORS.includes(value.author as string) &&
    optional(value.name, isString) &&
    optional(value.photo, isHttpUrl) &&
    typeof value.at === 'number' &&
    Number.isFinite(value.at) &&
    (value.ended === undefined || value.ended === 'closed' || value.ended === 'idle') &&
    // The bot's buttons or Markdown: checked where they are shown (chat/rich/rich-look.ts).
    optional(value.rich, isRecord) &&
    (value.joined === undefined || value.joined === 'bot' || value.joined === 'agent')
  if (!valid) return undefined
  return {
    ...(pick(value, [
      'id',
      'clientId',
      'author',
      'name',
      'photo',
      'at',
      'ended',
      'rich',
      'joined',
    ]) as object),
    content,
  } as ConversationEntry
}
