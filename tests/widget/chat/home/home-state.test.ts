import { describe, expect, it } from 'vitest'
import { showsHome } from '../../../../widget/chat/home/home-state'
import { lastWords } from '../../../../widget/chat/home/last-words'
import { createEntry } from '../../../support/widget-factories'

const ended = createEntry({
  id: 'end',
  author: 'system',
  ended: 'closed',
  content: { type: 'text', text: 'ended' },
})
const reply = createEntry({ id: 'r1', name: 'Anna', content: { type: 'text', text: 'See you' } })
const queued = { id: 'c1', text: 'hi', at: 1 } as never

describe('what the window shows below the header', () => {
  it('the home screen for a new visitor, with nothing sent', () => {
    expect(showsHome({ entries: [], outbox: [] }, {}, undefined)).toBe(true)
  })

  it("the conversation while a returning visitor's replay may still bring entries", () => {
    expect(showsHome({ entries: [], outbox: [] }, { returning: true }, undefined)).toBe(false)
    // The replay said there is nothing (or the visitor's data was erased): the home screen.
    const none = { entries: [], outbox: [], earlier: false }
    expect(showsHome(none, { returning: true }, undefined)).toBe(true)
  })

  it('the conversation while the stored one is read, once a message waits to go out, and while one goes on', () => {
    expect(showsHome({ entries: [], outbox: [] }, { starting: true }, undefined)).toBe(false)
    expect(showsHome({ entries: [], outbox: [queued] }, {}, undefined)).toBe(false)
    expect(showsHome({ entries: [], outbox: [] }, { agentTyping: {} }, undefined)).toBe(false)
    expect(showsHome({ entries: [reply], outbox: [] }, {}, undefined)).toBe(false)
  })

  it('the home screen after a conversation that ended, unless its log was asked for or seen ending', () => {
    expect(showsHome({ entries: [reply, ended], outbox: [] }, {}, undefined)).toBe(true)
    expect(showsHome({ entries: [reply, ended], outbox: [] }, {}, 'end')).toBe(false)
    // Another conversation's end: the home screen again.
    expect(showsHome({ entries: [reply, ended], outbox: [] }, {}, 'older-end')).toBe(true)
  })
})

describe('the card of the conversation that ended', () => {
  it('shows the last words of a person or the bot, with who wrote them, not the end mark', () => {
    const visitor = createEntry({
      author: 'visitor',
      name: undefined,
      content: { type: 'text', text: 'Thanks' },
    })
    expect(lastWords([reply, visitor, ended])).toMatchObject({ author: 'visitor', text: 'Thanks' })
    expect(lastWords([visitor, reply, ended])).toMatchObject({ name: 'Anna', text: 'See you' })
  })

  it('has no words when only files or marks were exchanged', () => {
    const photo = createEntry({
      content: {
        type: 'file',
        kind: 'image',
        url: 'https://example.com/a.png',
        name: 'a.png',
      } as never,
    })
    expect(lastWords([photo, ended]).text).toBe('')
  })
})
