import { describe, expect, it } from 'vitest'
import {
  parseArticle,
  parseFeatured,
  parseSearchAnswer,
} from '../../../widget/protocol/help-bodies'
import { createArticle, createResult } from '../support/fake-help'

describe('the help routes’ answers', () => {
  it('reads a search answer, leaving out results with a field missing or a non-http link', () => {
    const good = createResult('returns')
    expect(
      parseSearchAnswer({
        confident: true,
        results: [
          good,
          { ...createResult('a'), url: 'javascript:alert(1)' },
          { ...createResult('b'), title: 7 },
          null,
          { ...createResult('c'), extra: '<img src=x>' },
        ],
      }),
    ).toEqual({ confident: true, results: [good, createResult('c')] })
    // `confident` is true only when the backend says exactly that.
    expect(parseSearchAnswer({ results: [], confident: 'yes' })).toEqual({
      results: [],
      confident: false,
    })
    expect(parseSearchAnswer({ confident: true })).toBeUndefined()
    expect(parseSearchAnswer('nope')).toBeUndefined()
  })

  it('reads the featured articles (none from an unreadable answer)', () => {
    expect(parseFeatured({ results: [createResult('a')] })).toEqual([createResult('a')])
    expect(parseFeatured(null)).toEqual([])
  })

  it('reads an article, refusing a body the renderer could not draw', () => {
    const article = createArticle('returns')
    expect(parseArticle(article)).toEqual(article)
    const broken = (blocks: unknown) => parseArticle({ ...article, blocks })
    expect(broken([{ type: 'paragraph' }])).toBeUndefined()
    expect(broken([{ type: 'paragraph', children: [{ type: 'link', href: 'x' }] }])).toBeUndefined()
    expect(
      broken([{ type: 'list', ordered: false, items: [[{ type: 'heading' }]] }]),
    ).toBeUndefined()
    expect(broken([{ type: 'table', align: [], header: [[]], rows: [[7]] }])).toBeUndefined()
    expect(broken('<p>hi</p>')).toBeUndefined()
    // A kind this widget does not know yet draws nothing, and does not refuse the article.
    expect(broken([{ type: 'footnote', text: 'later' }])).toBeDefined()
    expect(parseArticle({ ...article, url: 'data:text/html,hi' })).toBeUndefined()
  })
})
