import { describe, expect, it } from 'vitest'
import {
  createArticleIndex,
  type IndexedArticle,
  MAX_QUERY_LENGTH,
} from '../../../../server/help/search/index'
import { analyzeQuery, MAX_QUERY_TERMS } from '../../../../server/help/search/query'
import { analyzerFor, wordsOf } from '../../../../server/help/search/tokenize'
import { expectLinearTime, LINEAR_TEST_TIMEOUT_MS, repeated } from '../../support/linear-time'

const article = (body: string): IndexedArticle => ({
  id: 'a',
  title: 'Parcel help',
  body,
  language: 'en',
})

function oneArticle() {
  const index = createArticleIndex()
  index.upsert(article('Track your parcel from the order page. Delivery takes two days.'))
  return index
}

describe('hostile queries', () => {
  it('answers a 20,000-character query of regex metacharacters', () => {
    const outcome = oneArticle().search('.*+?^$(){}|[]\\/'.repeat(1334))
    expect(outcome).toEqual({ hits: [], confident: false })
  })

  it('cuts a query to MAX_QUERY_LENGTH characters before reading it', () => {
    const index = oneArticle()
    const padded = `${'zzz '.repeat(MAX_QUERY_LENGTH / 4)}parcel`
    expect(index.search('zzz parcel').hits).toHaveLength(1)
    expect(index.search(padded).hits).toHaveLength(0)
  })

  it('reads at most MAX_QUERY_TERMS distinct words of a long query', () => {
    const words = Array.from({ length: 200 }, (_, i) => `w${i}x`).join(' ')
    expect(analyzeQuery(words, analyzerFor('en')).groups).toBe(MAX_QUERY_TERMS)
  })

  it.each([
    ['empty', ''],
    ['spaces', '   \n\t '],
    ['stop words only', 'how do I'],
    ['a NUL and a lone surrogate', '\u0000\ud800 parcel'],
    ['emoji', '📦📦📦 🚚'],
    ['right-to-left marks', '\u202e\u200fparcel\u202c'],
    ['Markdown', '[parcel](javascript:alert(1)) **<script>**'],
  ])('never throws on %s', (_name, query) => {
    const outcome = oneArticle().search(query, { language: 'en', limit: 3 })
    expect(outcome.hits.length).toBeLessThanOrEqual(3)
    expect(typeof outcome.confident).toBe('boolean')
  })

  it('never throws on odd options', () => {
    const index = oneArticle()
    for (const limit of [Number.NaN, -5, 0, 1e9, 2.5])
      expect(index.search('parcel', { limit }).hits.length).toBeLessThanOrEqual(20)
    expect(index.search('parcel', { language: '!!-not-a-tag' }).hits[0]?.id).toBe('a')
  })
})

// An article body can be as large as the article cap (200 KB, 1,000 times a usual
// 200-character passage; Japanese takes 3 bytes a character, so 60 there); indexing it
// and finding a snippet in it must stay linear whatever it is made of.
const SHAPES: [string, string, number?][] = [
  ['words and sentences', 'Parcel words here. '],
  ['a run of link openers', '['],
  ['link closers and openers', ']('],
  ['italic underscores', '_a_'],
  ['a run of underscores', '_'],
  ['a run of hashes', '#'],
  ['markup characters', '*_[](`\\<|'],
  ['headings with closing hashes', '# parcel ## #\n'],
  ['table rows', '| parcel | -- |\n'],
  ['one long word', 'x'],
  ['unspaced Japanese', '返品の送料はいくらですか', 60],
]

// ICU's word segmenter is quadratic in the length of one unspaced run: this failed
// (t(300×)/t(10×) = 269) before runs were segmented in pieces.
it('segments a long unspaced run in linear time', { timeout: LINEAR_TEST_TIMEOUT_MS }, () =>
  expectLinearTime({
    make: repeated('返品の送料はいくらですか', 200),
    run: (text) => wordsOf(text, 'ja'),
  }),
)

describe.each(SHAPES)('an article of %s', (_shape, unit, usual = 200) => {
  it('is indexed and searched in linear time', { timeout: LINEAR_TEST_TIMEOUT_MS }, () => {
    const index = createArticleIndex()
    return expectLinearTime({
      make: repeated(unit, usual),
      run: (body) => {
        index.upsert(article(body))
        return index.search('parcel 送料 words')
      },
    })
  })
})
