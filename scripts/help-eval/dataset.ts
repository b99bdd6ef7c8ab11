// The development set (tests/fixtures/help-articles-dev/) and the larger sets made from it:
// the real articles plus perturbed copies (other ids, a share of their words swapped for
// words of other articles), so the real answers must still be found among them.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { IndexedArticle } from '../../server/help/search/types'

export type Question = { question: string; gold: string[] }

const folder = fileURLToPath(new URL('../../tests/fixtures/help-articles-dev/', import.meta.url))
const lines = (name: string) =>
  readFileSync(folder + name, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line))

export const articles: IndexedArticle[] = lines('articles.jsonl')
export const questions: Question[] = lines('questions.jsonl')

/** Questions in two halves, alternating: tune on `tune`, report `check` as well. */
export const tune = questions.filter((_, i) => i % 2 === 0)
export const check = questions.filter((_, i) => i % 2 === 1)

/** A deterministic pseudo-random sequence (mulberry32), so every run builds the same set. */
export function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const vocabulary = [...new Set(articles.flatMap((a) => `${a.title} ${a.body}`.split(/\s+/)))]

/** `count` articles: the real ones, then perturbed copies of them. */
export function scaledArticles(count: number, share = 0.4): IndexedArticle[] {
  const next = random(count)
  const swap = (text: string) =>
    text
      .split(/(\s+)/)
      .map((word) =>
        word.trim() && next() < share
          ? (vocabulary[Math.floor(next() * vocabulary.length)] ?? word)
          : word,
      )
      .join('')
  const out = [...articles]
  for (let i = 0; out.length < count; i++) {
    const source = articles[i % articles.length] as IndexedArticle
    out.push({
      ...source,
      id: `${source.id}-copy-${i}`,
      title: swap(source.title),
      body: swap(source.body),
    })
  }
  return out
}
