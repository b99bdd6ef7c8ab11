// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { mergeEnglish } from '../../../scripts/english-to-json'

// scripts/english-to-json.ts: English still written in a *-strings.ts module (a branch
// from before en.json) moved into en.json.
describe('moving English from a module into en.json', () => {
  it('adds the keys en.json lacks, keeps the ones it has, and lists functions to write by hand', () => {
    const english = { home: { start: 'Send us a message', last: 'Your last conversation' } }
    const report = mergeEnglish(english, 'home', {
      start: 'Write to us',
      last: 'Your last conversation',
      teamAway: 'The team is away',
      greeting: (name: string) => `Hello ${name}`,
    })
    expect(english.home).toEqual({
      start: 'Send us a message',
      last: 'Your last conversation',
      teamAway: 'The team is away',
    })
    expect(report).toEqual({
      added: ['home.teamAway'],
      differs: ['home.start'],
      byHand: ['home.greeting'],
    })
  })

  it('makes the sections a path names, and takes a whole file at the root', () => {
    const english = {}
    mergeEnglish(english, 'answering.notes', { away: 'Away', invalid: { email: 'Check it' } })
    mergeEnglish(english, '', { voice: 'Voice message' })
    expect(english).toEqual({
      answering: { notes: { away: 'Away', invalid: { email: 'Check it' } } },
      voice: 'Voice message',
    })
  })

  it('refuses what is not a text, saying where', () => {
    expect(() => mergeEnglish({}, 'home', { count: 3 })).toThrow('home.count: not a text')
    expect(() => mergeEnglish({ home: 'x' }, 'home.start', 'y')).toThrow(
      'en.json: home is not an object',
    )
  })
})
