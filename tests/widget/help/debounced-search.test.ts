import { afterEach, describe, expect, it, vi } from 'vitest'
import { debouncedSearch } from '../../../widget/help/debounced-search'

afterEach(() => {
  vi.useRealTimers()
})

/** The visitor stops typing for the debounce's 250 ms. */
const pause = () => vi.advanceTimersByTimeAsync(250)

/** A debounced search on fake timers whose answers the test gives, in any order. */
function heldSearch() {
  vi.useFakeTimers()
  const asked: { query: string; answer: (value: string) => void; fail: () => void }[] = []
  const answers: [string, string | undefined][] = []
  const errors: string[] = []
  const search = debouncedSearch<string>({
    delayMs: 250,
    run: (query) =>
      new Promise((resolve, reject) =>
        asked.push({ query, answer: resolve, fail: () => reject(new Error('down')) }),
      ),
    onAnswer: (query, answer) => answers.push([query, answer]),
    onError: (query) => errors.push(query),
  })
  /** The visitor types `text`, then pauses for the debounce's 250 ms. */
  const typed = async (text: string) => {
    search.input(text)
    await pause()
  }
  return { search, typed, asked, answers, errors }
}

describe('debouncedSearch', () => {
  it('asks once the visitor pauses, for the latest text only', async () => {
    const { search, asked } = heldSearch()
    for (const text of ['r', 're', 'ret', 'retu', 'return']) {
      search.input(text)
      await vi.advanceTimersByTimeAsync(100)
    }
    expect(asked).toEqual([])
    await vi.advanceTimersByTimeAsync(150)
    expect(asked.map((call) => call.query)).toEqual(['return'])
  })

  it('ignores an answer that arrives after newer text was searched', async () => {
    const { typed, asked, answers } = heldSearch()
    await typed('return')
    await typed('return label')
    expect(asked.map((call) => call.query)).toEqual(['return', 'return label'])
    asked[1]?.answer('labels')
    await vi.advanceTimersByTimeAsync(0)
    asked[0]?.answer('returns, late')
    await vi.advanceTimersByTimeAsync(0)
    expect(answers).toEqual([['return label', 'labels']])
  })

  it('ignores an answer to text the visitor has since changed, before the next search', async () => {
    const { search, typed, asked, answers } = heldSearch()
    await typed('return')
    search.input('refund')
    asked[0]?.answer('returns')
    await vi.advanceTimersByTimeAsync(0)
    expect(answers).toEqual([])
  })

  it('clears at once for empty text, and does not search the same text twice', async () => {
    const { search, typed, asked, answers } = heldSearch()
    await typed('return')
    await typed(' return ')
    expect(asked).toHaveLength(1)
    search.input('')
    expect(answers).toEqual([['', undefined]])
    asked[0]?.answer('returns')
    await vi.advanceTimersByTimeAsync(0)
    expect(answers).toEqual([['', undefined]])
  })

  it('reports a failure of the latest search, and retry() asks again', async () => {
    const { search, typed, asked, errors, answers } = heldSearch()
    await typed('return')
    asked[0]?.fail()
    await vi.advanceTimersByTimeAsync(0)
    expect(errors).toEqual(['return'])
    search.retry()
    await pause()
    asked[1]?.answer('returns')
    await vi.advanceTimersByTimeAsync(0)
    expect(answers).toEqual([['return', 'returns']])
  })

  it('stop() drops what is pending', async () => {
    const { search, asked } = heldSearch()
    search.input('return')
    search.stop()
    await vi.advanceTimersByTimeAsync(1000)
    expect(asked).toEqual([])
  })
})
