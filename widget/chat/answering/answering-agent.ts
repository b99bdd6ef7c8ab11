import type { ConversationEntry } from '../../../shared/widget-api'

/**
 * The agent answering now, from the stored entries alone: the latest agent message of the
 * conversation under way that the bot did not write. Porthole's bot writes as an agent too
 * (A3): after a `joined: 'bot'` entry the first name to write is the bot's (joined-lines.ts
 * reads the same way). An agent who joined before the bot's first answer stays the agent:
 * then a writer who is not her is the bot.
 */
export function answeringAgent(
  entries: readonly ConversationEntry[],
): ConversationEntry | undefined {
  let agent: ConversationEntry | undefined
  let botOn = false
  // The bot took this conversation (it may write after an agent joined).
  let botTook = false
  let botName: string | undefined | null = null
  for (const entry of entries) {
    if (entry.ended) {
      agent = undefined
      botOn = botTook = false
      // The bot's name is kept: a conversation that ended while the service chat went on
      // (the idle timeout) gets no new `bot` entry, and the bot is still the bot.
    } else if (entry.joined) {
      botOn = entry.joined === 'bot'
      botTook ||= botOn
      // The service named who joined: she answers before she writes.
      if (entry.joined === 'agent' && entry.name !== undefined) agent = entry
    } else if (entry.author === 'agent') {
      if (botName === null && (botOn || (botTook && agent && entry.name !== agent.name)))
        botName = entry.name
      else if (botName === null || entry.name !== botName) agent = entry
    }
  }
  return agent
}
