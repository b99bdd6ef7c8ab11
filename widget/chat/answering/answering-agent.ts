import type { ConversationEntry } from '../../../shared/widget-api'

/**
 * The agent answering now, from the stored entries alone: the latest agent message of the
 * conversation under way that the bot did not write. Porthole's bot writes as an agent too
 * (A3): after a `joined: 'bot'` entry the first name to write is the bot's (joined-lines.ts
 * reads the same way), also when an agent joined before the bot's first answer.
 */
export function answeringAgent(
  entries: readonly ConversationEntry[],
): ConversationEntry | undefined {
  let agent: ConversationEntry | undefined
  let botOn = false
  let botName: string | undefined | null = null
  // The bot took this conversation; the agents known to have joined it, and whether an
  // unnamed one has joined and not written yet (her first message names her).
  let botTook = false
  let humans = new Set<string | undefined>()
  let unnamed = false
  for (const entry of entries) {
    if (entry.ended) {
      agent = undefined
      botOn = false
      botTook = false
      humans = new Set()
      unnamed = false
      // The bot's name is kept: a conversation that ended while the service chat went on
      // (the idle timeout) gets no new `bot` entry, and the bot is still the bot.
    } else if (entry.joined) {
      botOn = entry.joined === 'bot'
      if (botOn) botTook = true
      else if (entry.name === undefined) unnamed = true
      else humans.add(entry.name)
      // The service named who joined: she answers before she writes.
      if (entry.joined === 'agent' && entry.name !== undefined) agent = entry
    } else if (entry.author === 'agent') {
      const human = unnamed || humans.has(entry.name)
      if (botName === null && (botOn || (botTook && !human))) botName = entry.name
      else if (botName === null || entry.name !== botName) {
        agent = entry
        humans.add(entry.name)
        unnamed = false
      }
    }
  }
  return agent
}
