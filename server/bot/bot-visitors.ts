import type { JoinedAgent } from '../../shared/protocol/bot'
import type { JoinedKind } from '../../shared/widget-api'
import { endConversation } from '../conversation/end-conversation'
import { markJoined } from '../conversation/joined-marker'
import { resolveRecipient } from '../session/alias'
import { hasProfile, readProfile, saveContact } from '../session/profile'
import type { ConversationLog, Records, VisitorEvents } from '../store/types'

/** Contact details the bot knows how to use: an e-mail and a phone. */
export type BotContact = { email?: string; phone?: string }

/**
 * What Porthole's own bot may know and change of the widget's visitors, by the B2
 * client_id (the sender.id the backend sent, so a visitor id). Customers of other
 * channels (a messenger the same bot serves) have no profile here: nothing is read or
 * written for them.
 */
export type BotVisitors = {
  /** The e-mail and phone the visitor gave anywhere (form, setContact, identify, the bot). */
  contactOf(clientId: string): Promise<BotContact | undefined>
  /** Contact details the bot collected: into the visitor's one profile (sent on every A2). */
  saveContact(clientId: string, contact: BotContact): Promise<void>
  /** The service closed the chat (CHAT_CLOSED): the conversation ends in the widget. */
  chatClosed(clientId: string): Promise<void>
  /**
   * Who took the service chat: the bot (its first CLIENT_MESSAGE) or an agent
   * (AGENT_JOINED, with the agent's name and photo when the service sends them); the
   * widget shows "Anna joined the conversation" from it.
   */
  joined(clientId: string, chatId: string, kind: JoinedKind, agent?: JoinedAgent): Promise<void>
  /**
   * Whether the widget greeted this visitor already (the site has a greeting, shown in
   * the chat window): the bot's own greeting would be a second one in a row.
   */
  greetedByWidget(clientId: string): Promise<boolean>
  /** The bot is writing (a model's streamed answer) or stopped: the widget's typing indicator. */
  typing?(clientId: string, typing: boolean): Promise<void>
}

/** @example createBot({ ...options, visitors: createBotVisitors({ store, keepMs, now: Date.now }) }) */
export function createBotVisitors(options: {
  store: Records & VisitorEvents & ConversationLog
  /** How long profiles are kept (the conversations' retention). */
  keepMs: number
  now: () => number
  /** Whether the site's widget shows a greeting (the settings in force). */
  widgetGreets?: () => boolean
}): BotVisitors {
  const { store, keepMs, now, widgetGreets } = options

  /** The visitor a client_id names (a guest merged into a user is the user), if it is ours. */
  async function visitorOf(clientId: string): Promise<string | undefined> {
    const visitorId = await resolveRecipient(store, clientId)
    return (await hasProfile(store, visitorId)) ? visitorId : undefined
  }

  return {
    async contactOf(clientId) {
      const visitorId = await visitorOf(clientId)
      if (!visitorId) return undefined
      const { email, phone } = (await readProfile(store, visitorId)).contact
      if (!email && !phone) return undefined
      return { ...(email ? { email } : {}), ...(phone ? { phone } : {}) }
    },
    async saveContact(clientId, contact) {
      const visitorId = await visitorOf(clientId)
      if (visitorId) await saveContact(store, visitorId, contact, keepMs)
    },
    async chatClosed(clientId) {
      const visitorId = await visitorOf(clientId)
      if (visitorId) await endConversation(store, visitorId, 'closed', { now: now() })
    },
    async joined(clientId, chatId, kind, agent) {
      const visitorId = await visitorOf(clientId)
      if (visitorId) await markJoined(store, visitorId, chatId, kind, now(), agent)
    },
    async greetedByWidget(clientId) {
      return widgetGreets?.() === true && (await visitorOf(clientId)) !== undefined
    },
    async typing(clientId, typing) {
      const visitorId = await visitorOf(clientId)
      // Never stored: a typing indicator is worth nothing late.
      if (visitorId) await store.publish(visitorId, { event: 'typing', data: { typing } })
    },
  }
}
