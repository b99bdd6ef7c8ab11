import { describe, expect, it } from 'vitest'
import type { ConversationEntry } from '../../../../shared/widget-api'
import { agentsJoining, joinsArriving } from '../../../../widget/chat/model/agent-joined'

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

describe('agentsJoining', () => {
  it('is each agent’s first message of a conversation, by name', () => {
    const bot = entry('agent', { name: 'Northwind bot' })
    const question = entry('visitor')
    const first = entry('agent', { name: 'Anna' })
    const second = entry('agent', { name: 'Anna' })
    expect(agentsJoining([], [bot, question])).toEqual([bot])
    expect(agentsJoining([bot, question], [first, second])).toEqual([first])
    expect(agentsJoining([bot, question, first], [second])).toEqual([])
    // Porthole's own bot and system lines are not agents.
    expect(agentsJoining([], [entry('bot'), entry('system')])).toEqual([])
    const boris = entry('agent', { name: 'Boris' })
    expect(agentsJoining([bot, first], [boris])).toEqual([boris])
  })

  it('comes again after the conversation ended', () => {
    const first = entry('agent', { name: 'Anna' })
    const ended = entry('system', { ended: 'closed' })
    const again = entry('agent', { name: 'Anna' })
    expect(agentsJoining([first, ended, entry('visitor')], [again])).toEqual([again])
    expect(agentsJoining([first], [ended, again])).toEqual([again])
  })

  it('holds over a long conversation (a thousand entries)', () => {
    const history = Array.from({ length: 1000 }, (_, index) =>
      entry(index % 2 ? 'visitor' : 'agent', { name: 'Northwind bot' }),
    )
    const agent = entry('agent', { name: 'Anna' })
    expect(agentsJoining(history, [agent])).toEqual([agent])
    expect(agentsJoining([...history, agent], [entry('agent', { name: 'Anna' })])).toEqual([])
  })
})

describe('joinsArriving (issue 35, defect 9)', () => {
  const state = (entries: ConversationEntry[], readUpTo?: string) =>
    ({ entries, ...(readUpTo ? { readUpTo } : {}) }) as never

  it('is the join that names the agent, before she writes, and not her message after', () => {
    const question = entry('visitor')
    const bot = entry('agent', { name: 'Northwind bot' })
    const named = entry('system', { joined: 'agent', name: 'Anna' })
    const before = [question, bot]
    expect(joinsArriving(state(before), state([...before, named]), [])).toEqual([named])
    const anna = entry('agent', { name: 'Anna' })
    const after = [...before, named]
    expect(joinsArriving(state(after), state([...after, anna]), [anna])).toEqual([])
    // A join without a name waits for her message, as before.
    const unnamed = entry('system', { joined: 'agent' })
    expect(joinsArriving(state(before), state([...before, unnamed]), [])).toEqual([])
    // A join already read on another device is no news.
    expect(joinsArriving(state(before), state([...before, named], named.id), [])).toEqual([])
  })
})
