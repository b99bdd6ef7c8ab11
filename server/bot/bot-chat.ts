import { z } from 'zod'
import { botChatKey } from '../store/keys'
import type { BotLogger } from './logger'
import type { BotStore } from './store'

/**
 * Where a chat stands for the bot: answering (`bot`), waiting for an agent after
 * INVITE_AGENT (`handover`), silent because an agent took it (`agent`), asking for
 * contact details after AGENT_UNAVAILABLE (`awaiting-contact`), or holding them
 * (`contact-received`).
 */
export const CHAT_PHASES = [
  'bot',
  'handover',
  'agent',
  'awaiting-contact',
  'contact-received',
] as const
export type ChatPhase = (typeof CHAT_PHASES)[number]

export const BotChat = z.object({
  phase: z.enum(CHAT_PHASES),
  clientId: z.string().optional(),
  language: z.string().optional(),
  greeted: z.boolean(),
  contact: z.object({ email: z.string().optional(), phone: z.string().optional() }).optional(),
  /** The service said the customer's card already holds an email or phone (sender.has_contacts). */
  hasContacts: z.boolean().optional(),
  /** No article answered the last question and the bot asked to say it differently. */
  rephrased: z.boolean().optional(),
  /** The bot's last answer was written by the model (its "That helped" counts as the model's). */
  written: z.boolean().optional(),
  /** Model calls this chat made (ANSWERS_LLM_MAX_PER_CONVERSATION). */
  modelCalls: z.number().int().min(0).optional(),
  /** The last few messages, masked, given to the model with the next question. */
  turns: z.array(z.object({ from: z.enum(['visitor', 'bot']), text: z.string() })).optional(),
})
export type BotChat = z.infer<typeof BotChat>

export function newBotChat(clientId: string | undefined): BotChat {
  return { phase: 'bot', greeted: false, ...(clientId ? { clientId } : {}) }
}

/** Bot chats as store records, so they survive restarts and are shared by instances. */
export function createBotChats(options: { store: BotStore; ttlMs: number; logger: BotLogger }) {
  const { store, ttlMs, logger } = options
  return {
    async get(chatId: string): Promise<BotChat | undefined> {
      // A record from an older version or hand-edited: start the chat afresh rather than fail it.
      return store.getRecord(botChatKey(chatId), BotChat, () =>
        logger.warn('ignoring an unreadable bot chat state', { chatId }),
      )
    },
    set: (chatId: string, state: BotChat) => store.setRecord(botChatKey(chatId), state, ttlMs),
    delete: (chatId: string) => store.deleteRecord(botChatKey(chatId)),
  }
}

export type BotChats = ReturnType<typeof createBotChats>
