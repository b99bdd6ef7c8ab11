import { z } from 'zod'
import { Agent, BotProvider, Channel, Chat } from './model'

/** Everything the sandbox keeps across restarts (the state file's content). */
export const SandboxState = z.object({
  version: z.literal(1),
  channels: z.array(Channel),
  agents: z.array(Agent),
  botProviders: z.array(BotProvider),
  chats: z.array(Chat),
  nextChatId: z.number().int().positive(),
})
export type SandboxState = z.infer<typeof SandboxState>
