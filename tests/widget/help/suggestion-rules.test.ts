import { describe, expect, it } from 'vitest'
import { suggestionsOf, wantsSuggestions } from '../../../widget/help/suggestion-rules'
import { createResult } from '../support/fake-help'

describe('wantsSuggestions', () => {
  it('waits for three words or twelve characters', () => {
    expect(wantsSuggestions('', 'en')).toBe(false)
    expect(wantsSuggestions('   ', 'en')).toBe(false)
    expect(wantsSuggestions('hi there', 'en')).toBe(false)
    expect(wantsSuggestions('where is my', 'en')).toBe(true)
    expect(wantsSuggestions('refundstatus', 'en')).toBe(true)
    expect(wantsSuggestions('refundstatu', 'en')).toBe(false)
  })

  it('counts the words of a language written without spaces', () => {
    // 注文 / を / キャンセル / し / たい: five words in six characters.
    expect(wantsSuggestions('注文をキャンセルしたい', 'ja')).toBe(true)
    expect(wantsSuggestions('注文', 'ja')).toBe(false)
  })
})

describe('suggestionsOf', () => {
  const results = ['a', 'b', 'c', 'd', 'e'].map((id) => createResult(id))

  it('shows nothing unless the backend is confident in the first', () => {
    expect(suggestionsOf({ results, confident: false })).toEqual([])
  })

  it('shows the confident first and at most two more, in order', () => {
    expect(suggestionsOf({ results, confident: true }).map((result) => result.id)).toEqual([
      'a',
      'b',
      'c',
    ])
    expect(suggestionsOf({ results: results.slice(0, 1), confident: true })).toHaveLength(1)
  })
})
