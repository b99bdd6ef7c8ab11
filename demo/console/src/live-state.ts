import { z } from 'zod'
import { MailboxState, MailSummary } from '../../sandbox/mail/model'
import { ChannelView, ConsoleState } from '../../sandbox/service/console-state'
import { Agent, BotProvider, Chat } from '../../sandbox/service/model'

export { ChannelView, ConsoleState }

// The console's view of the sandbox, kept current by the live stream. Events are parsed
// with the sandbox's own schemas: a malformed one is dropped, never half-applied.

/**
 * The sandbox's live events (demo/sandbox/service/events.ts: SandboxEvent and the first,
 * SnapshotEvent) as the console reads them; it ignores `traffic`.
 */
const SandboxEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('snapshot'), state: ConsoleState }),
  z.object({ type: z.literal('chat'), chat: Chat }),
  z.object({ type: z.literal('agents'), agents: z.array(Agent) }),
  z.object({ type: z.literal('channels'), channels: z.array(ChannelView) }),
  z.object({ type: z.literal('bot-providers'), botProviders: z.array(BotProvider) }),
  z.object({ type: z.literal('mail'), mail: MailSummary }),
  z.object({ type: z.literal('mailbox'), mailbox: MailboxState }),
])
export type SandboxEvent = z.infer<typeof SandboxEvent>

export const SANDBOX_EVENT_NAMES = [
  'snapshot',
  'chat',
  'agents',
  'channels',
  'bot-providers',
  'mail',
  'mailbox',
] as const

export function parseSandboxEvent(data: string): SandboxEvent | undefined {
  try {
    const parsed = SandboxEvent.safeParse(JSON.parse(data))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

function byRecent(a: Chat, b: Chat): number {
  return b.updatedAt - a.updatedAt || Number(b.id) - Number(a.id)
}

/** Applies one live event to the state. */
export function applyEvent(
  state: ConsoleState | undefined,
  event: SandboxEvent,
): ConsoleState | undefined {
  if (event.type === 'snapshot')
    return { ...event.state, chats: [...event.state.chats].sort(byRecent) }
  if (!state) return state
  switch (event.type) {
    case 'chat': {
      const others = state.chats.filter((chat) => chat.id !== event.chat.id)
      return { ...state, chats: [event.chat, ...others].sort(byRecent) }
    }
    case 'agents':
      return { ...state, agents: event.agents }
    case 'channels':
      return { ...state, channels: event.channels }
    case 'bot-providers':
      return { ...state, botProviders: event.botProviders }
    case 'mail': {
      const others = state.mail.filter((mail) => mail.id !== event.mail.id)
      const mail = [event.mail, ...others].sort((a, b) => b.receivedAt - a.receivedAt)
      return { ...state, mail }
    }
    case 'mailbox':
      return { ...state, mailbox: event.mailbox }
  }
}
