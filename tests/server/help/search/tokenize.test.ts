import { describe, expect, it } from 'vitest'
import {
  analyzerFor,
  baseLanguage,
  foldWord,
  termsOf,
  wordsOf,
} from '../../../../server/help/search/tokenize'

const terms = (text: string, language: string) => termsOf(text, analyzerFor(language))

describe('termsOf', () => {
  it('stems English and drops its stop words', () => {
    expect(terms('How do I get my refunds? Refunding takes a day.', 'en')).toEqual([
      'refund',
      'refund',
      'take',
      'dai',
    ])
  })

  it('stems Russian word forms to one term', () => {
    const [a, b, c] = terms('доставка доставки доставкой', 'ru')
    expect(a).toBe(b)
    expect(b).toBe(c)
  })

  it('stems German plurals and folds umlauts alike with and without them', () => {
    expect(terms('Lieferungen', 'de')).toEqual(terms('Lieferung', 'de'))
    expect(terms('Rückgabe', 'de')).toEqual(terms('Ruckgabe', 'de'))
  })

  it('takes the article off Arabic words', () => {
    expect(terms('الكتاب', 'ar')).toEqual(terms('كتاب', 'ar'))
  })

  it('folds accents in Latin scripts; in Cyrillic only ё to е (й stays a letter of its own)', () => {
    const folded = ['Café', 'ПОЧТОВЫЙ', 'ёлка', 'край'].map(foldWord)
    expect(folded).toEqual(['cafe', 'почтовый', 'елка', 'край'])
  })

  it('drops French stop words written with or without their accent', () => {
    expect(terms('à la livraison', 'fr')).toEqual(terms('livraison', 'fr'))
  })

  it('keeps the words of a language without a stemmer as they are', () => {
    expect(terms('Kuchuka bidhaa', 'sw')).toEqual(['kuchuka', 'bidhaa'])
  })
})

describe('wordsOf', () => {
  it('segments Japanese into words', () => {
    const words = wordsOf('返品の送料はいくらですか', 'ja')
    expect(words.length).toBeGreaterThan(3)
    expect(words).toContain('返品')
    expect(words.join('')).toBe('返品の送料はいくらですか')
  })

  it('segments Chinese into words', () => {
    const words = wordsOf('我想知道运费政策', 'zh')
    expect(words.length).toBeGreaterThan(2)
    expect(words).toContain('政策')
  })

  it('segments Thai into words', () => {
    expect(wordsOf('นโยบายการคืนสินค้า', 'th')).toEqual(['นโยบาย', 'การ', 'คืน', 'สินค้า'])
  })

  it('segments an unspaced run inside another language’s text', () => {
    expect(wordsOf('Shipping to 日本 is free', 'en')).toEqual([
      'shipping',
      'to',
      '日本',
      'is',
      'free',
    ])
  })

  it('cuts words longer than any real one', () => {
    expect(wordsOf('x'.repeat(10_000), 'en')[0]?.length).toBeLessThanOrEqual(40)
  })
})

describe('baseLanguage', () => {
  it('keeps the primary subtag, lower case', () => {
    expect(baseLanguage('pt-BR')).toBe('pt')
    expect(baseLanguage('ZH_Hant')).toBe('zh')
    expect(baseLanguage('')).toBe('und')
  })
})
