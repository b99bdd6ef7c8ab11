import type { ConversationEntry } from '../../../shared/widget-api'

/**
 * Who answers in a conversation, read from its stored entries alone (so every device and
 * every reload agrees): the "joined" line before each agent's first message in each
 * conversation (`''`: an agent whose name is not known yet), and the agent answering now. Porthole's bot writes as an agent too (A3); the backend's
 * `joined` entries (server/conversation/joined-marker.ts) tell them apart: after a `bot`
 * one, the first name to write is the bot's; an `agent` one (AGENT_JOINED) shows the
 * line of the agent it names (when the service sent her name) or else of the agent who
 * writes next, unless their line was shown already. An agent who joins before the bot's
 * first answer does not make the bot an agent: after a `bot` entry, the first writer who
 * is not an agent already announced is the bot.
 */
export function joinedLines(entries: readonly ConversationEntry[]): {
  lines: (string | undefined)[]
  agent: ConversationEntry | undefined
} {
  const lines: (string | undefined)[] = []
  // Per conversation: the bot is answering, its name (null: not known), who was announced.
  let botOn = false
  // The bot took this conversation and has not written yet.
  let botTook = false
  let botName: string | undefined | null = null
  let shown = new Set<string | undefined>()
  let agent: ConversationEntry | undefined
  const isHuman = (entry: ConversationEntry | undefined) =>
    entry?.author === 'agent' && !(botName !== null && entry.name === botName)
  entries.forEach((entry, index) => {
    if (entry.ended) {
      botOn = false
      botTook = false
      // The bot's name is kept: a conversation that ended while the service chat went on
      // (the idle timeout) gets no new `bot` entry, and the bot is still the bot.
      shown = new Set()
      agent = undefined
    } else if (entry.joined === 'bot') {
      botOn = true
      botTook = true
    } else if (entry.joined && entry.name !== undefined) {
      // The service named who joined: her line now, not at her first message.
      botOn = false
      if (!shown.has(entry.name)) lines[index] = entry.name
      shown.add(entry.name)
      agent = entry
    } else if (entry.joined) {
      botOn = false
      let next: ConversationEntry | undefined
      for (let at = index + 1; !next && at < entries.length && !entries[at]?.ended; at++)
        if (isHuman(entries[at])) next = entries[at]
      if (next ? !shown.has(next.name) : !agent) {
        lines[index] = next?.name ?? ''
        if (next) shown.add(next.name)
      }
    } else if (
      entry.author === 'agent' &&
      botName === null &&
      (botOn || (botTook && !shown.has(entry.name)))
    )
      botName = entry.name
    else if (isHuman(entry)) {
      if (!shown.has(entry.name)) lines[index] = entry.name ?? ''
      shown.add(entry.name)
      agent = entry
    }
  })
  return { lines, agent }
}
