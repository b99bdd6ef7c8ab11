import { describe, expect, it } from 'vitest'
import { createArticleIndex, type IndexedArticle } from '../../../../server/help/search/index'

function article(overrides: Partial<IndexedArticle> & { id: string }): IndexedArticle {
  return { title: 'Untitled', body: 'Nothing here yet.', language: 'en', ...overrides }
}

/** A small shop's help centre in English, with a few articles in Russian. */
function shop() {
  const index = createArticleIndex()
  index.upsert(
    article({
      id: 'returns',
      title: 'Returns and refunds',
      body: [
        'Our shop has served customers since 1998.',
        '',
        '## How to send an item back',
        '',
        'Print the return label from your order page and drop the parcel at any post office within 30 days. The refund reaches your card five days after we receive it.',
        '',
        '## Gift cards',
        '',
        'Gift cards cannot be returned.',
      ].join('\n'),
    }),
  )
  index.upsert(
    article({
      id: 'shipping',
      title: 'Shipping times',
      body: 'Orders ship within two working days. Delivery abroad takes a week to ten days.',
      keywords: ['courier', 'parcel tracking'],
    }),
  )
  index.upsert(
    article({
      id: 'sizes',
      title: 'Choosing your size',
      body: 'Measure your chest and waist, then compare them with the size chart of each product.',
    }),
  )
  index.upsert(
    article({
      id: 'password',
      title: 'Resetting your password',
      body: 'Click "Forgot password" on the sign-in page; we e-mail you a link valid for one hour.',
    }),
  )
  index.upsert(
    article({
      id: 'vozvrat',
      language: 'ru',
      title: 'Возврат товара',
      body: 'Верните товар в течение 30 дней, деньги придут на карту.',
    }),
  )
  return index
}

describe('ranking', () => {
  it('finds an article by a stemmed word of its title first', () => {
    const outcome = shop().search('how do I return something I bought?', { language: 'en' })
    expect(outcome.hits[0]?.id).toBe('returns')
  })

  it('ranks a title match above a body mention', () => {
    const index = shop()
    index.upsert(
      article({ id: 'faq', title: 'Other questions', body: 'We never share your size.' }),
    )
    expect(index.search('size chart', { language: 'en' }).hits.map((hit) => hit.id)[0]).toBe(
      'sizes',
    )
  })

  it('finds an article by its keywords', () => {
    expect(shop().search('courier', { language: 'en' }).hits[0]?.id).toBe('shipping')
  })

  it('finds an article through a support synonym', () => {
    expect(shop().search('when will my delivery arrive?', { language: 'en' }).hits[0]?.id).toBe(
      'shipping',
    )
  })

  it('tolerates a typo', () => {
    expect(shop().search('pasword reset', { language: 'en' }).hits[0]?.id).toBe('password')
  })

  it('matches the last word as a prefix while it is being typed', () => {
    expect(shop().search('reset my passw', { language: 'en' }).hits[0]?.id).toBe('password')
  })

  it('returns at most `limit` hits, 20 at the most', () => {
    const index = createArticleIndex()
    for (let i = 0; i < 30; i++) index.upsert(article({ id: `a${i}`, title: `Parcel ${i}` }))
    expect(index.search('parcel', { limit: 2 }).hits).toHaveLength(2)
    expect(index.search('parcel', { limit: 500 }).hits).toHaveLength(20)
    expect(index.search('parcel').hits).toHaveLength(5)
  })
})

describe('the snippet', () => {
  it('is the passage that answers, in plain text, not the first line', () => {
    const [hit] = shop().search('how long does the refund take to reach my card?', {
      language: 'en',
    }).hits
    expect(hit?.id).toBe('returns')
    expect(hit?.snippet).toContain('The refund reaches your card five days')
    expect(hit?.snippet).not.toContain('since 1998')
    expect(hit?.snippet).not.toMatch(/[#*[\]]/)
  })

  it('is cut to 300 characters around the answering words of a long passage', () => {
    const index = createArticleIndex()
    const filler = 'The warehouse team packs every order with care and recycled paper. '
    index.upsert(
      article({
        id: 'long',
        title: 'About us',
        body: `${filler.repeat(10)}Customs duties are paid by the recipient on arrival. ${filler.repeat(10)}`,
      }),
    )
    const snippet = index.search('who pays customs duties?').hits[0]?.snippet ?? ''
    expect(snippet.length).toBeLessThanOrEqual(300)
    expect(snippet).toContain('Customs duties are paid by the recipient')
  })

  it('carries the words of links and no Markdown marks', () => {
    const index = createArticleIndex()
    index.upsert(
      article({
        id: 'track',
        title: 'Tracking',
        body: 'Follow **your parcel** on [the carrier’s page](https://example.com/track) `live`.',
      }),
    )
    expect(index.search('parcel').hits[0]?.snippet).toBe(
      'Follow your parcel on the carrier’s page live.',
    )
  })
})

describe('confident', () => {
  it('is true when an article answers the question', () => {
    expect(shop().search('How can I reset my password?', { language: 'en' }).confident).toBe(true)
  })

  it('is false when no article answers the question', () => {
    const outcome = shop().search('Do you ship garden furniture to Canada?', { language: 'en' })
    expect(outcome.hits[0]?.id).toBe('shipping')
    expect(outcome.confident).toBe(false)
  })

  it('is false for nothing found at all', () => {
    expect(shop().search('zzzz qqqq')).toEqual({ hits: [], confident: false })
  })
})

describe('changes', () => {
  it('upsert replaces an article: the old words are forgotten, the new found', () => {
    const index = shop()
    index.upsert(article({ id: 'sizes', title: 'Gift wrapping', body: 'We wrap gifts for free.' }))
    expect(index.size).toBe(5)
    expect(index.search('size chart').hits.map((hit) => hit.id)).not.toContain('sizes')
    expect(index.search('gift wrapping').hits[0]?.id).toBe('sizes')
  })

  it('upsert into another language moves the article', () => {
    const index = shop()
    index.upsert(article({ id: 'sizes', language: 'ru', title: 'Размеры', body: 'Таблица.' }))
    expect(index.size).toBe(5)
    expect(index.search('size chart', { language: 'en' }).hits.map((hit) => hit.id)).not.toContain(
      'sizes',
    )
    expect(index.search('размеры', { language: 'ru' }).hits[0]?.id).toBe('sizes')
  })

  it('remove forgets an article and ignores an unknown id', () => {
    const index = shop()
    index.remove('password')
    index.remove('no-such-article')
    expect(index.size).toBe(4)
    expect(index.search('password').hits.map((hit) => hit.id)).not.toContain('password')
  })
})

describe('languages', () => {
  it('answers from the visitor’s language first', () => {
    const index = shop()
    index.upsert(
      article({ id: 'returns-de', language: 'de', title: 'Rückgabe', body: 'Return label.' }),
    )
    expect(index.search('return label', { language: 'en' }).hits[0]?.id).toBe('returns')
    expect(index.search('return label', { language: 'de-AT' }).hits[0]?.id).toBe('returns-de')
  })

  it('finds Russian articles by another form of the word', () => {
    const outcome = shop().search('как вернуть товары?', { language: 'ru' })
    expect(outcome.hits[0]?.id).toBe('vozvrat')
  })

  it('falls back to other languages when none of the visitor’s matches', () => {
    expect(shop().search('возврат', { language: 'en' }).hits[0]?.id).toBe('vozvrat')
  })

  it('searches every language when none is given', () => {
    const ids = shop()
      .search('возврат товара')
      .hits.map((hit) => hit.id)
    expect(ids[0]).toBe('vozvrat')
  })

  it('finds Japanese and Thai articles by a word inside unspaced text', () => {
    const index = createArticleIndex()
    index.upsert(
      article({
        id: 'ja',
        language: 'ja',
        title: '返品について',
        body: '返品は30日以内に受け付けます。',
      }),
    )
    index.upsert(
      article({ id: 'th', language: 'th', title: 'การจัดส่ง', body: 'นโยบายการคืนสินค้าภายใน 30 วัน' }),
    )
    expect(index.search('返品', { language: 'ja' }).hits[0]?.id).toBe('ja')
    expect(index.search('คืนสินค้า', { language: 'th' }).hits[0]?.id).toBe('th')
  })
})
