import { describe, expect, it } from 'vitest'
import {
  draftProblems,
  emptyDraft,
  inputOf,
  slugOf,
} from '../../../studio/src/articles/article-draft'

const draft = (overrides = {}) => ({ ...emptyDraft('en', 'Returns'), ...overrides })
const paths = (overrides = {}, isNew = true) =>
  draftProblems(draft(overrides), isNew).map((problem) => problem.path)

describe('the article form', () => {
  it('makes an id from a title, and none from a title in another script', () => {
    expect(slugOf('Returns & refunds: the 30-day rule!')).toBe('returns-refunds-the-30-day-rule')
    expect(slugOf('Café crème')).toBe('cafe-creme')
    expect(slugOf('Доставка')).toBe('')
    expect(slugOf('a'.repeat(150))).toHaveLength(100)
  })

  it('checks what the backend checks, naming each field', () => {
    expect(paths()).toEqual([])
    expect(paths({ id: '' })).toEqual(['id'])
    expect(paths({ id: '-starts-with-dash' })).toEqual(['id'])
    expect(paths({ id: 'Upper' })).toEqual(['id'])
    // An article's id is fixed once saved: not checked again on an edit.
    expect(paths({ id: 'Legacy_ID' }, false)).toEqual([])
    expect(paths({ title: '  ' })).toEqual(['title'])
    expect(paths({ title: 'x'.repeat(301) })).toEqual(['title'])
    // 200 KB of UTF-8: Cyrillic letters are two bytes each.
    expect(paths({ body: 'я'.repeat(100 * 1024) })).toEqual([])
    expect(paths({ body: 'я'.repeat(100 * 1024 + 1) })).toEqual(['body'])
    expect(paths({ keywords: Array.from({ length: 21 }, (_, i) => `k${i}`).join(',') })).toEqual([
      'keywords',
    ])
    expect(paths({ keywords: 'x'.repeat(61) })).toEqual(['keywords'])
    expect(paths({ url: 'javascript:alert(1)' })).toEqual(['url'])
    expect(paths({ url: 'https://shop.example/returns' })).toEqual([])
    expect(paths({ category: 'c'.repeat(101) })).toEqual(['category'])
  })

  it('sends trimmed text, and leaves empty optional fields out', () => {
    expect(
      inputOf(draft({ title: ' Returns ', keywords: ' refund,, money back ', url: ' ' })),
    ).toEqual({
      title: 'Returns',
      body: '',
      language: 'en',
      keywords: ['refund', 'money back'],
      published: false,
      featured: false,
    })
  })
})
