import { describe, expect, it } from 'vitest'
import type { ConversationEntry } from '../../../shared/widget-api'
import { answeringAgent } from '../../../widget/chat/answering/answering-agent'
import { GROUP_GAP_MS, groupMessages } from '../../../widget/chat/answering/grouping'
import { joinedLines as readAnswering } from '../../../widget/chat/answering/joined-lines'
import { createEntry } from '../../support/widget-factories'

const agent = (name: string | undefined, at = 0) => createEntry({ author: 'agent', name, at })
const visitor = (at = 0) => createEntry({ author: 'visitor', name: undefined, at })
const marker = (joined: 'bot' | 'agent') =>
  createEntry({ author: 'system', name: undefined, joined, content: { type: 'text', text: '-' } })
const ended = () =>
  createEntry({
    author: 'system',
    name: undefined,
    ended: 'closed',
    content: { type: 'text', text: '-' },
  })

/** The lines by the index of the entry they are shown at. */
const linesOf = (entries: ConversationEntry[]) =>
  Object.fromEntries(
    readAnswering(entries)
      .lines.map((line, index) => [index, line] as const)
      .filter(([, line]) => line !== undefined),
  )

describe('readAnswering: who joined and who answers now, from the entries alone', () => {
  it('without a bot: each agent’s first message of a conversation, once (also after a new device reads it)', () => {
    const entries = [
      visitor(),
      agent('Anna'),
      agent('Anna'),
      visitor(),
      agent('Boris'),
      agent('Anna'),
    ]
    expect(linesOf(entries)).toEqual({ 1: 'Anna', 4: 'Boris' })
    expect(readAnswering(entries).agent).toBe(entries[5])
    // The same entries read again (a reload, another device): the same lines.
    expect(linesOf(structuredClone(entries))).toEqual({ 1: 'Anna', 4: 'Boris' })
  })

  it('after the bot: no line for the bot; the AGENT_JOINED line names the agent who writes next', () => {
    const entries = [
      visitor(),
      marker('bot'),
      agent('Northwind bot'),
      visitor(),
      agent('Northwind bot'),
      marker('agent'),
      agent('Anna'),
      agent('Anna'),
    ]
    const read = readAnswering(entries)
    expect(linesOf(entries)).toEqual({ 5: 'Anna' })
    expect(read.agent).toBe(entries[7])
    // Until Anna writes, the line has no name, and nobody answers in the header.
    expect(linesOf(entries.slice(0, 6))).toEqual({ 5: '' })
    expect(readAnswering(entries.slice(0, 6)).agent).toBeUndefined()
  })

  it('an AGENT_JOINED that names her shows her line at once, and not again at her message (issue 35, defect 9)', () => {
    const named = createEntry({
      author: 'system',
      name: 'Anna',
      joined: 'agent',
      content: { type: 'text', text: '-' },
    })
    const entries = [visitor(), marker('bot'), agent('Northwind bot'), named]
    expect(linesOf(entries)).toEqual({ 3: 'Anna' })
    // She answers in the header before she writes.
    expect(readAnswering(entries).agent).toBe(named)
    expect(answeringAgent(entries)).toBe(named)
    const anna = agent('Anna')
    expect(linesOf([...entries, anna])).toEqual({ 3: 'Anna' })
    expect(answeringAgent([...entries, anna])).toBe(anna)
    // Her message overtook the join: the line stays at her message.
    expect(linesOf([visitor(), marker('bot'), agent('Northwind bot'), anna, named])).toEqual({
      3: 'Anna',
    })
  })

  it('when the agent’s message overtakes AGENT_JOINED, the line is still shown once, at her message', () => {
    const entries = [
      visitor(),
      marker('bot'),
      agent('Northwind bot'),
      agent('Anna'),
      marker('agent'),
    ]
    expect(linesOf(entries)).toEqual({ 3: 'Anna' })
    // The bot's last answer arriving after the agent joined is still the bot's.
    expect(linesOf([...entries, agent('Northwind bot'), agent('Anna')])).toEqual({ 3: 'Anna' })
  })

  it('an agent who answers before the bot’s answer: the bot’s late answer never “joins” (issue 35)', () => {
    const bot = agent('Northwind bot')
    const anna = agent('Anna')
    const named = createEntry({
      author: 'system',
      name: 'Anna',
      joined: 'agent',
      content: { type: 'text', text: '-' },
    })
    // The service named her as she joined.
    const first = [visitor(), marker('bot'), named, anna, bot]
    expect(linesOf(first)).toEqual({ 2: 'Anna' })
    expect(answeringAgent(first)).toBe(anna)
    expect(readAnswering(first).agent).toBe(anna)
    // It did not: her first message names her.
    const second = [visitor(), marker('bot'), marker('agent'), anna, bot, anna]
    expect(linesOf(second)).toEqual({ 2: 'Anna' })
    expect(answeringAgent(second)).toBe(anna)
    expect(readAnswering(second).agent).toBe(anna)
  })

  it('starts over after a conversation ends: the same agent joins the next one again', () => {
    const entries = [visitor(), agent('Anna'), ended(), visitor(), agent('Anna')]
    expect(linesOf(entries)).toEqual({ 1: 'Anna', 4: 'Anna' })
    expect(readAnswering([visitor(), agent('Anna'), ended()]).agent).toBeUndefined()
  })

  it('the header’s agent (answeringAgent, in the first open’s chunk) agrees with the lines', () => {
    const bot = agent('Northwind bot')
    const anna = agent('Anna')
    const cases: [ConversationEntry[], ConversationEntry | undefined][] = [
      [[visitor(), anna], anna],
      [[visitor(), marker('bot'), bot], undefined],
      [[visitor(), marker('bot'), bot, marker('agent')], undefined],
      [[visitor(), marker('bot'), bot, marker('agent'), anna, bot], anna],
      [[visitor(), marker('bot'), bot, anna], anna],
      [[visitor(), anna, ended()], undefined],
    ]
    for (const [entries, expected] of cases) {
      expect(answeringAgent(entries)).toBe(expected)
      expect(readAnswering(entries).agent).toBe(expected)
    }
  })

  it('the bot stays the bot in the next conversation of the same service chat (ended by the idle timeout)', () => {
    const entries = [
      visitor(),
      marker('bot'),
      agent('Northwind bot'),
      ended(),
      visitor(),
      agent('Northwind bot'),
    ]
    expect(linesOf(entries)).toEqual({})
    expect(answeringAgent(entries)).toBeUndefined()
    expect(linesOf([...entries, agent('Anna')])).toEqual({ 6: 'Anna' })
  })

  it('an agent without a name joins as "an agent"', () => {
    expect(linesOf([visitor(), agent(undefined), agent(undefined)])).toEqual({ 1: '' })
  })
})

describe('groupMessages: one sender’s consecutive messages within 3 minutes', () => {
  const T = 1_700_000_000_000
  const positions = (groups: { first: boolean; last: boolean }[]) =>
    Array.from(groups, (group) =>
      group ? `${group.first ? 'F' : '-'}${group.last ? 'L' : '-'}` : ' ',
    )

  it('groups the same sender’s messages, and the group ends at the last one', () => {
    expect(positions(groupMessages(['a', 'a', 'a'], [T, T + 1000, T + 2000], []))).toEqual([
      'F-',
      '--',
      '-L',
    ])
  })

  it('another sender starts a new group', () => {
    expect(positions(groupMessages(['a', 'b', 'a'], [T, T + 1, T + 2], []))).toEqual([
      'FL',
      'FL',
      'FL',
    ])
  })

  it('a gap of more than 3 minutes starts a new group; exactly 3 minutes does not', () => {
    expect(
      positions(
        groupMessages(['a', 'a', 'a'], [T, T + GROUP_GAP_MS, T + 2 * GROUP_GAP_MS + 1], []),
      ),
    ).toEqual(['F-', '-L', 'FL'])
  })

  it('a day line breaks a group, and so does a system line (joined, ended); a bot marker does not', () => {
    expect(positions(groupMessages(['a', 'a'], [T, T + 1], [false, true]))).toEqual(['FL', 'FL'])
    expect(positions(groupMessages(['a', undefined, 'a'], [T, T, T + 1], []))).toEqual([
      'FL',
      ' ',
      'FL',
    ])
    expect(positions(groupMessages(['a', null, 'a'], [T, T, T + 1], []))).toEqual(['F-', ' ', '-L'])
  })
})

describe('the joined entries are no replies', () => {
  it('never count as unread, nor notify', async () => {
    const { emptyConversation } = await import('../../../widget/chat/model/empty-conversation')
    const { newReplies, unreadReplies } = await import('../../../widget/chat/model/unread')
    const reply = agent('Anna')
    const before = { ...emptyConversation(), entries: [visitor()] }
    const after = { ...before, entries: [...before.entries, marker('bot'), marker('agent'), reply] }
    expect(unreadReplies(after)).toEqual([reply])
    expect(newReplies(before, after)).toEqual([reply])
    expect(unreadReplies({ ...before, entries: [...before.entries, marker('agent')] })).toEqual([])
  })
})
