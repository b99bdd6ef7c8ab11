import { z } from 'zod'
import { MailboxState, MailSummary } from '../mail/model'
import { Agent, BotProvider, Channel, Chat } from './model'

// What the console shows, defined once: the sandbox builds it, the control API and the
// live stream send it, and the console parses it with these same schemas.

/** A channel as the console and control API show it: with its full endpoint. */
export const ChannelView = Channel.extend({
  /** The channel endpoint: {base}/{random}/{CHANNEL_PUBLIC_ID}. A secret for integrators. */
  endpoint: z.string(),
  /** Where A3 agent messages go: {webhook_url}/{CHANNEL_PUBLIC_ID}. */
  deliveryUrl: z.string(),
})
export type ChannelView = z.infer<typeof ChannelView>

/** Everything the console shows, sent first on every live stream and at GET /console/api/state. */
export const ConsoleState = z.object({
  publicUrl: z.string(),
  /** The sandbox's timings (SandboxTimings), by name. */
  timings: z.record(z.string(), z.number()),
  channels: z.array(ChannelView),
  agents: z.array(Agent),
  botProviders: z.array(BotProvider),
  chats: z.array(Chat),
  /** The sandbox's mailbox (the e-mails Porthole sent), newest first. */
  mail: z.array(MailSummary),
  mailbox: MailboxState,
})
export type ConsoleState = z.infer<typeof ConsoleState>
