import { describe, expect, it } from 'vitest'
import { differs, getAt, move, setAt } from '../../studio/src/draft'

describe('draft paths', () => {
  const settings = { title: 'A', invitations: [{ text: 'x', when: { pages: ['/'] } }] }

  it('reads by dotted path, list indexes included', () => {
    expect(getAt(settings, 'invitations.0.when.pages.0')).toBe('/')
    expect(getAt(settings, 'invitations.3.text')).toBeUndefined()
    expect(getAt(settings, 'title.en')).toBeUndefined()
  })

  it('writes a copy, creating what is missing, leaving the original untouched', () => {
    const next = setAt(settings, 'invitations.0.when.utm.source', 'news*')
    expect(getAt(next, 'invitations.0.when.utm')).toEqual({ source: 'news*' })
    expect(getAt(settings, 'invitations.0.when.utm')).toBeUndefined()
    expect(next.invitations[0]?.when.pages).toBe(settings.invitations[0]?.when.pages)
    expect(setAt({}, 'businessHours.weekly.mon.0.from', '09:00')).toEqual({
      businessHours: { weekly: { mon: [{ from: '09:00' }] } },
    })
  })

  it('removes a key set to undefined (an emptied optional setting is left out)', () => {
    expect(setAt({ greeting: 'Hi', title: 'A' }, 'greeting', undefined)).toEqual({ title: 'A' })
  })

  it('compares ignoring key order', () => {
    expect(differs({ a: 1, b: { c: 2, d: 3 } }, { b: { d: 3, c: 2 }, a: 1 })).toBe(false)
    expect(differs({ a: [1, 2] }, { a: [2, 1] })).toBe(true)
  })

  it('moves list items up and down, and ignores moves out of range', () => {
    expect(move(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b'])
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c'])
    expect(move(['a', 'b'], 0, 5)).toEqual(['a', 'b'])
  })
})
