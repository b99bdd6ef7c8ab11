import { z } from 'zod'
import { HttpUrl } from '../url'

// Chat channel interface (spec interface A): sections 2.1 to 2.4.
// Readers are loose objects: unknown fields are accepted and kept.

/** Media types that carry a file (spec 2.4): each needs file, file_name, file_size. */
export const FILE_MEDIA_TYPES = ['video', 'audio', 'voice', 'photo', 'sticker', 'document'] as const
export type FileMediaType = (typeof FILE_MEDIA_TYPES)[number]

export const TYPING_TYPES = ['typein', 'typeout'] as const
export type TypingType = (typeof TYPING_TYPES)[number]

/** Every message.type of spec 2.4. */
export const MESSAGE_TYPES = ['text', ...TYPING_TYPES, ...FILE_MEDIA_TYPES, 'location'] as const
export type MessageType = (typeof MESSAGE_TYPES)[number]

const PositiveInt = z.number().int('must be an integer').positive('must be positive')

/** An identifier the spec types as "string or integer": a non-empty string or an integer. */
export const StringOrInteger = z.union([
  z.string().min(1, 'must not be empty'),
  z.number().int('must be an integer'),
])
export type StringOrInteger = z.infer<typeof StringOrInteger>

/** The optional media fields of spec 2.4, shared by every media type. */
const mediaFields = {
  id: z.string().optional(),
  thumb: HttpUrl.optional(),
  emoji: z.string().optional(),
  duration: PositiveInt.optional(),
  width: PositiveInt.optional(),
  height: PositiveInt.optional(),
  text: z.string().optional(),
  performer: z.string().optional(),
  title: z.string().optional(),
}

export const TextMessage = z.looseObject({
  type: z.literal('text'),
  id: z.string().optional(),
  text: z.string().min(1, 'must not be empty'),
})
export type TextMessage = z.infer<typeof TextMessage>

/** typein/typeout: every other field is ignored (spec 2.4). */
export const TypingMessage = z.looseObject({
  type: z.enum(TYPING_TYPES),
  // Ignored like every other field, so an id of another type must not refuse the notification.
  id: z.string().optional().catch(undefined),
})
export type TypingMessage = z.infer<typeof TypingMessage>

export const FileMediaMessage = z.looseObject({
  ...mediaFields,
  type: z.enum(FILE_MEDIA_TYPES),
  file: HttpUrl,
  file_name: z.string().min(1, 'must not be empty'),
  file_size: PositiveInt,
})
export type FileMediaMessage = z.infer<typeof FileMediaMessage>

export const LocationMessage = z.looseObject({
  ...mediaFields,
  type: z.literal('location'),
  file: HttpUrl.optional(),
  file_name: z.string().optional(),
  file_size: PositiveInt.optional(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
})
export type LocationMessage = z.infer<typeof LocationMessage>

/** A media message: a file type or a location. */
export const MediaMessage = z.discriminatedUnion('type', [FileMediaMessage, LocationMessage])
export type MediaMessage = z.infer<typeof MediaMessage>

/** The message object of either direction, any type of spec 2.4. */
export const ChannelMessage = z.discriminatedUnion('type', [
  TextMessage,
  TypingMessage,
  MediaMessage,
])
export type ChannelMessage = z.infer<typeof ChannelMessage>

/** The customer description of spec 2.1. */
export const Sender = z.looseObject({
  id: StringOrInteger,
  name: z.string().optional(),
  phone: z.string().optional(),
  email: z.string().optional(),
  photo: HttpUrl.optional(),
  url: HttpUrl.optional(),
  invite: z.string().optional(),
})
export type Sender = z.infer<typeof Sender>

/**
 * A customer message, integrator to service (A2, spec 2.1). Text over
 * MAX_TEXT_LENGTH is valid here: the service cuts it (see cutText).
 */
export const CustomerMessage = z.looseObject({
  sender: Sender,
  message: ChannelMessage,
})
export type CustomerMessage = z.infer<typeof CustomerMessage>

/** An agent message, service to integrator (A3, spec 2.2). */
export const AgentMessage = z.looseObject({
  // The avatar is decoration: a non-http(s) link is dropped, not a reason to refuse the message.
  sender: z
    .looseObject({
      name: z.string().optional(),
      photo: HttpUrl.optional().catch(undefined),
    })
    .optional(),
  recipient: z.looseObject({ id: StringOrInteger }),
  message: ChannelMessage,
})
export type AgentMessage = z.infer<typeof AgentMessage>

/** The integrator's success reply to an agent message (spec 2.3). */
export const ReplyOk = z.object({ result: z.literal('ok') })
export type ReplyOk = z.infer<typeof ReplyOk>

/** The integrator's failure reply (spec 2.3); the service shows `message` to the agent. */
export const ReplyError = z.object({
  error: z.object({
    code: z.union([z.string(), z.number()]),
    message: z.string(),
  }),
})
export type ReplyError = z.infer<typeof ReplyError>

export const IntegratorReply = z.union([ReplyOk, ReplyError])
export type IntegratorReply = z.infer<typeof IntegratorReply>

export function isTypingMessage(message: ChannelMessage): message is TypingMessage {
  return message.type === 'typein' || message.type === 'typeout'
}
