import { describe, expect, it } from 'vitest'
import type { ConversationEntry } from '../../../shared/widget-api'
import { agentJoining } from '../../../widget/chat/agent-joined'

let next = 1
function entry(author: ConversationEntry['author'], extra: Partial<ConversationEntry> = {}) {
  const id = String(next++)
  return {
    id,
    author,
    content: { type: 'text', text: id },
    at: next,
    ...extra,
  } as ConversationEntry
}

describe('agentJoining', () => {
  it('is the first agent message of a conversation, not the bot’s nor a later agent’s', () => {
    const greeting = entry('bot')
    const question = entry('visitor')
    const first = entry('agent', { name: 'Anna' })
    const second = entry('agent', { name: 'Anna' })
    expect(agentJoining([greeting, question], [first, second])).toBe(first)
    expect(agentJoining([greeting, question, first], [second])).toBeUndefined()
    expect(agentJoining([greeting], [question])).toBeUndefined()
  })

  it('comes again after the conversation ended', () => {
    const first = entry('agent')
    const ended = entry('system', { ended: 'closed' })
    const again = entry('agent')
    expect(agentJoining([first, ended, entry('visitor')], [again])).toBe(again)
    expect(agentJoining([first], [ended, again])).toBe(again)
  })

  it('holds over a long conversation (a thousand entries)', () => {
    const history = Array.from({ length: 1000 }, (_, index) => entry(index % 2 ? 'visitor' : 'bot'))
    const agent = entry('agent')
    expect(agentJoining(history, [agent])).toBe(agent)
    expect(agentJoining([...history, agent], [entry('agent')])).toBeUndefined()
  })
})
