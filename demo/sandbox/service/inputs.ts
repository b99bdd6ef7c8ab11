import { z } from 'zod'
import { ChannelMessage } from '../../../shared/protocol'
import { HttpUrl } from '../../../shared/url'

// What callers give the service: the control API's JSON bodies and the in-process options.

const Name = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters')

export const AgentInput = z.strictObject({
  name: Name,
  online: z.boolean().optional(),
  photo: HttpUrl.optional(),
})
export type AgentInput = z.input<typeof AgentInput>

export const AgentPatch = z.strictObject({
  name: Name.optional(),
  online: z.boolean().optional(),
  photo: HttpUrl.nullable().optional(),
})
export type AgentPatch = z.input<typeof AgentPatch>

export const ChannelInput = z.strictObject({
  name: Name,
  webhookUrl: HttpUrl,
  chunked: z.boolean().default(false),
  /** Agent names (created when new) or ids. */
  agents: z.array(Name).default([]),
  botProviderId: z.string().min(1).optional(),
  enabled: z.boolean().default(true),
  /** false: customer media is refused with 400 (to exercise an integrator's text fallback). */
  acceptsMedia: z.boolean().default(true),
})
export type ChannelInput = z.input<typeof ChannelInput>

export const ChannelPatch = z.strictObject({
  name: Name.optional(),
  webhookUrl: HttpUrl.optional(),
  chunked: z.boolean().optional(),
  agents: z.array(Name).optional(),
  /** null detaches the bot. */
  botProviderId: z.string().min(1).nullable().optional(),
  enabled: z.boolean().optional(),
  acceptsMedia: z.boolean().optional(),
})
export type ChannelPatch = z.input<typeof ChannelPatch>

export const BotProviderInput = z.strictObject({
  providerId: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,100}$/, 'must be 1 to 100 letters, digits, _ . or -'),
  endpointUrl: HttpUrl,
  token: z.string().regex(/^[A-Za-z0-9_.~-]{1,200}$/, 'must be 1 to 200 URL-safe characters'),
  name: Name.optional(),
})
export type BotProviderInput = z.input<typeof BotProviderInput>

export const AgentMessageInput = z.strictObject({
  /** Who writes; default: the agent who joined the chat. */
  agentId: z.string().min(1).optional(),
  message: ChannelMessage,
  /** Answer only when the delivery has finished (delivered or failed). */
  wait: z.boolean().optional(),
})
export type AgentMessageInput = z.input<typeof AgentMessageInput>

export const AgentAction = z.strictObject({ agentId: z.string().min(1).optional() })
export type AgentAction = z.input<typeof AgentAction>
