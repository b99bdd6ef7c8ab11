import { z } from 'zod'
import { FileMediaMessage, LocationMessage, TextMessage } from '../protocol/chat-channel'
import { RichMessage } from '../rich-message'
import { MAX_MESSAGE_LENGTH, MAX_TEXT_LENGTH } from '../text'
import { HttpUrl } from '../url'
import { DELIVERY_STATES } from './delivery-states'
import { ChannelStatus, ClientId, StoredContact } from './session'

// The widget API's conversation: messages, uploads, the conversation log, history, read
// markers and the events of GET /api/events. Error bodies are ErrorBody from ../protocol/errors.

/** POST /api/messages body. */
export const OutgoingMessage = z.discriminatedUnion('type', [
  z.object({
    id: ClientId,
    type: z.literal('text'),
    // The backend splits anything over MAX_TEXT_LENGTH into several messages; this
    // bound only stops abuse.
    text: z
      .string()
      .max(MAX_MESSAGE_LENGTH, `must be at most ${MAX_MESSAGE_LENGTH} characters`)
      .refine((text) => text.trim().length > 0, 'must not be empty'),
    /** The page the customer is on (sender.url). */
    url: HttpUrl.optional(),
    /** The invitation text the customer answered (sender.invite). */
    invite: z.string().max(MAX_TEXT_LENGTH).optional(),
  }),
  z.object({ id: ClientId, type: z.enum(['typein', 'typeout']) }),
  /**
   * An attachment uploaded with POST /api/uploads: forwarded as a spec 2.4 `photo`
   * (images) or `document`, or as a text with its link when the service refuses media.
   */
  z.object({
    id: ClientId,
    type: z.literal('file'),
    fileId: z.string().regex(/^[0-9a-f]{48}$/, 'must be the id POST /api/uploads answered'),
    /** A caption (spec 2.4 `text`). */
    text: z
      .string()
      .max(MAX_TEXT_LENGTH, `must be at most ${MAX_TEXT_LENGTH} characters`)
      .optional(),
    url: HttpUrl.optional(),
    invite: z.string().max(MAX_TEXT_LENGTH).optional(),
  }),
])
export type OutgoingMessage = z.infer<typeof OutgoingMessage>

/**
 * POST /api/uploads answer (201): the stored file. `url` serves it; `type` is its
 * Content-Type; images have `width`, `height` and a 320 px wide `thumb`.
 */
export const UploadedFile = z.object({
  id: z.string(),
  url: HttpUrl,
  name: z.string(),
  size: z.number().int().positive(),
  type: z.string(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  thumb: HttpUrl.optional(),
})
export type UploadedFile = z.infer<typeof UploadedFile>

export const UploadResponse = z.object({ file: UploadedFile })
export type UploadResponse = z.infer<typeof UploadResponse>

export const AUTHORS = ['visitor', 'agent', 'bot', 'system'] as const
export type Author = (typeof AUTHORS)[number]

/** What a conversation entry shows: a text, a file medium or a location. */
export const EntryContent = z.discriminatedUnion('type', [
  TextMessage,
  FileMediaMessage,
  LocationMessage,
])
export type EntryContent = z.infer<typeof EntryContent>

/**
 * Why a conversation ended: the service closed the chat (the bot provider learnt it as
 * CHAT_CLOSED), or nothing was written for the site owner's `chatIdleMinutes`.
 */
export const END_REASONS = ['closed', 'idle'] as const
export type EndReason = (typeof END_REASONS)[number]

/** Who took a conversation, as a `system` entry records it (ConversationEntry `joined`). */
export const JOINED_KINDS = ['bot', 'agent'] as const
export type JoinedKind = (typeof JOINED_KINDS)[number]

/** One stored entry of a visitor's conversation log; `id` is the SSE event id. */
export const ConversationEntry = z.object({
  id: z.string(),
  /** The widget's ClientId for the visitor's own messages (one per part when split). */
  clientId: z.string().optional(),
  author: z.enum(AUTHORS),
  /** Agent (or bot) name and avatar, when known. */
  name: z.string().optional(),
  photo: HttpUrl.optional(),
  content: EntryContent,
  /** Milliseconds since the epoch. */
  at: z.number(),
  /**
   * Set on the `system` entry that ends a conversation (its text is an English fallback):
   * the widget shows a separator, and the customer's next message starts a new one.
   */
  ended: z.enum(END_REASONS).optional(),
  /**
   * A message of Porthole's own bot that arrived as its plain-text fallback (`content`):
   * its buttons or Markdown as the bot sent them (server/rich-replies/).
   */
  rich: RichMessage.optional(),
  /**
   * Set on a `system` entry that says who took the conversation (its text is an English
   * fallback): `bot` when Porthole's bot began answering it, `agent` when the service's
   * AGENT_JOINED reached the bot (with `name` and `photo` when the service named the agent).
   * The widget shows "Anna joined the conversation" from these and the agents' first
   * messages (widget/chat/answering/).
   */
  joined: z.enum(JOINED_KINDS).optional(),
})
export type ConversationEntry = z.infer<typeof ConversationEntry>

/**
 * POST /api/messages success. 200 with `sent` when the service accepted every part;
 * 202 with `pending` when the service is failing and the backend keeps retrying (the
 * outcome arrives as a `delivery` event). Typing answers 204 with no body.
 */
export const PostMessageResponse = z.object({
  entries: z.array(ConversationEntry),
  delivery: z.enum(DELIVERY_STATES),
})
export type PostMessageResponse = z.infer<typeof PostMessageResponse>

/** An entry id of this visitor's log (as in SSE `id:`), as sent back by the widget. */
export const EntryId = z.string().min(1).max(64)

/** GET /api/history?before=<entry id>&limit=<n>: older entries, oldest first, at most `limit`. */
export const HistoryQuery = z.object({
  /** Absent: the newest page. */
  before: EntryId.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
})
export type HistoryQuery = z.infer<typeof HistoryQuery>

export const HistoryResponse = z.object({ entries: z.array(ConversationEntry) })
export type HistoryResponse = z.infer<typeof HistoryResponse>

/** POST /api/read: the visitor has seen every entry up to and including `upTo` (any device). */
export const ReadRequest = z.object({ upTo: EntryId })
export type ReadRequest = z.infer<typeof ReadRequest>

/** The answer of POST /api/read and the `read` stream event: the marker now in force (it never moves back). */
export const ReadMarker = z.object({ upTo: EntryId })
export type ReadMarker = z.infer<typeof ReadMarker>

/** The `data` of each SSE event type of GET /api/events, by event name. */
export const StreamEvents = {
  /** A stored entry; the SSE `id:` equals entry.id. */
  message: ConversationEntry,
  /** An agent's typein/typeout (never stored). */
  typing: z.object({ typing: z.boolean(), name: z.string().optional() }),
  /** Channel status changes. */
  status: ChannelStatus,
  /**
   * The visitor's read marker, shared by all devices: sent before the replay of every
   * stream (when one is set) and whenever any device moves it.
   */
  read: ReadMarker,
  /**
   * The visitor's contact as the backend holds it (one profile for the offline form,
   * setContact, identify and the bot's question): sent before the replay of every stream
   * (when one is known) and whenever it changes.
   */
  contact: StoredContact,
  /** A change of a visitor message's state (see DELIVERY_STATES). */
  delivery: z.object({
    clientId: z.string(),
    state: z.enum(DELIVERY_STATES),
    error: z.string().optional(),
  }),
} as const
export type StreamEventName = keyof typeof StreamEvents
export type StreamEvent = {
  [K in StreamEventName]: { event: K; data: z.infer<(typeof StreamEvents)[K]> }
}[StreamEventName]

/** Parses one SSE event of GET /api/events; undefined for unknown names or bad data. */
export function parseStreamEvent(event: string, data: string): StreamEvent | undefined {
  // hasOwn, not `in`: names like `toString` are inherited properties, not event types.
  if (!Object.hasOwn(StreamEvents, event)) return undefined
  let json: unknown
  try {
    json = JSON.parse(data)
  } catch {
    return undefined
  }
  const schema = StreamEvents[event as StreamEventName]
  const parsed = schema.safeParse(json)
  return parsed.success ? ({ event, data: parsed.data } as StreamEvent) : undefined
}
