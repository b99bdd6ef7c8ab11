import { describe, expect, it } from 'vitest'
import { checkAnswer } from '../../../server/model-answers/check-answer'
import type { Passage } from '../../../server/model-answers/prompt'

const passage = (articleId: string, url = `https://shop.example/help/${articleId}`): Passage => ({
  articleId,
  title: articleId,
  text: `About ${articleId}.`,
  url,
  score: 1,
})
const PASSAGES = [passage('returns'), passage('shipping')]

describe('checkAnswer', () => {
  it('keeps an answer citing given passages, without its citation marks', () => {
    expect(
      checkAnswer(
        'You have **30 days** [[returns]]. Parcels take 3 days [[shipping]] [[returns]].',
        PASSAGES,
      ),
    ).toEqual({
      ok: true,
      markdown: 'You have **30 days**. Parcels take 3 days.',
      citations: ['returns', 'shipping'],
    })
  })

  it.each([
    ['the no-answer token', 'NO_ANSWER'],
    ['the token after words', 'Sorry. NO_ANSWER'],
    ['nothing', '  '],
  ])('refuses %s as no_answer', (_, text) => {
    expect(checkAnswer(text, PASSAGES)).toMatchObject({ ok: false, reason: 'no_answer' })
  })

  it('refuses an answer citing nothing', () => {
    expect(checkAnswer('You have 30 days.', PASSAGES)).toMatchObject({
      ok: false,
      reason: 'no_citation',
    })
  })

  it('refuses a citation of a passage it was not given', () => {
    expect(
      checkAnswer('Free returns [[returns]] and gifts [[gift-cards]].', PASSAGES),
    ).toMatchObject({
      ok: false,
      reason: 'bad_citation',
    })
  })

  it('allows links to the cited articles only', () => {
    const ok = checkAnswer(
      'See [the policy](https://shop.example/help/returns) or https://shop.example/help/returns. [[returns]]',
      PASSAGES,
    )
    expect(ok).toMatchObject({ ok: true })
    // A given passage that is not cited is no licence to link to it.
    expect(
      checkAnswer('See [shipping](https://shop.example/help/shipping) [[returns]]', PASSAGES),
    ).toMatchObject({ ok: false, reason: 'bad_link' })
  })

  it.each([
    ['a Markdown link elsewhere', 'Pay [here](https://evil.example/pay) [[returns]]'],
    ['a bare address elsewhere', 'Pay at https://evil.example/pay [[returns]]'],
    ['a www address', 'Pay at www.evil.example [[returns]]'],
    ['an autolink', 'Pay at <https://evil.example> [[returns]]'],
    ['a reference link', 'Pay [here][1] [[returns]]\n\n[1]: https://evil.example'],
    ['a javascript: link', 'Click [me](javascript:alert(1)) [[returns]]'],
  ])('refuses %s as bad_link', (_, text) => {
    expect(checkAnswer(text, PASSAGES)).toMatchObject({ ok: false, reason: 'bad_link' })
  })
})
