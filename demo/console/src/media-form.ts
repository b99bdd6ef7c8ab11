import {
  type ChannelMessage,
  ChannelMessage as ChannelMessageSchema,
  describeIssues,
  type MediaMessage,
} from '../../../shared/protocol'

/** The media messages of spec 2.4 (the protocol's own list): a form for each. */
export type MediaType = MediaMessage['type']

/** Form fields of spec 2.4, by the media types that use them. */
export const MEDIA_FIELDS = {
  file: { label: 'File URL', kind: 'url', required: true },
  file_name: { label: 'File name', kind: 'text', required: true },
  file_size: { label: 'Size (bytes)', kind: 'int', required: true },
  thumb: { label: 'Thumbnail URL', kind: 'url', required: false },
  duration: { label: 'Duration (s)', kind: 'int', required: false },
  width: { label: 'Width (px)', kind: 'int', required: false },
  height: { label: 'Height (px)', kind: 'int', required: false },
  performer: { label: 'Performer', kind: 'text', required: false },
  title: { label: 'Title', kind: 'text', required: false },
  emoji: { label: 'Emoji', kind: 'text', required: false },
  latitude: { label: 'Latitude', kind: 'number', required: true },
  longitude: { label: 'Longitude', kind: 'number', required: true },
  text: { label: 'Caption', kind: 'text', required: false },
} as const
export type MediaField = keyof typeof MEDIA_FIELDS

const FILE: MediaField[] = ['file', 'file_name', 'file_size', 'thumb']

/** Each media type's fields, in the order the form offers the types. */
export const FIELDS_OF: Record<MediaType, MediaField[]> = {
  photo: [...FILE, 'width', 'height', 'text'],
  video: [...FILE, 'duration', 'width', 'height', 'text'],
  audio: [...FILE, 'duration', 'performer', 'title', 'text'],
  voice: [...FILE, 'duration', 'text'],
  sticker: [...FILE, 'emoji', 'width', 'height'],
  document: [...FILE, 'text'],
  location: ['latitude', 'longitude', 'text'],
}

export const MEDIA_TYPES = Object.keys(FIELDS_OF) as MediaType[]

export type MediaValues = Partial<Record<MediaField, string>>

/** Builds the message from the form, validated with the protocol's own schema. */
export function buildMediaMessage(
  type: MediaType,
  values: MediaValues,
): { ok: true; message: ChannelMessage } | { ok: false; error: string } {
  const message: Record<string, unknown> = { type }
  for (const field of FIELDS_OF[type]) {
    const raw = values[field]?.trim()
    if (!raw) continue
    const kind = MEDIA_FIELDS[field].kind
    message[field] = kind === 'int' || kind === 'number' ? Number(raw) : raw
  }
  const parsed = ChannelMessageSchema.safeParse(message)
  return parsed.success
    ? { ok: true, message: parsed.data }
    : { ok: false, error: describeIssues(parsed.error) }
}

/** What the console reads from a file the agent chose: its name, size and, when known, its pixels and length. */
export type FileFacts = {
  name: string
  size: number
  width?: number | undefined
  height?: number | undefined
  /** Seconds. */
  duration?: number | undefined
}

/**
 * The form's values with the chosen file's name, size, pixel size and duration filled in,
 * where the media type has those fields (the agent no longer types them by hand).
 */
export function fillFromFile(type: MediaType, values: MediaValues, facts: FileFacts): MediaValues {
  const duration =
    facts.duration !== undefined && Number.isFinite(facts.duration)
      ? Math.max(1, Math.round(facts.duration))
      : undefined
  const found: MediaValues = {
    file_name: facts.name,
    file_size: String(facts.size),
    ...(facts.width ? { width: String(facts.width) } : {}),
    ...(facts.height ? { height: String(facts.height) } : {}),
    ...(duration ? { duration: String(duration) } : {}),
  }
  const filled: MediaValues = { ...values }
  for (const field of FIELDS_OF[type]) if (found[field] !== undefined) filled[field] = found[field]
  return filled
}
