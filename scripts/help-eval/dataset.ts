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

/** The endings a perturbed word gets: few, so the vocabulary grows as a real set's would. */
const ENDINGS = ['x', 'z', 'q', 'ks', 'th', 'vy', 'ng', 'pr']

/**
 * `count` articles: the real ones, then copies of them under other ids with most of their
 * words perturbed (one of a few endings appended, as another site's vocabulary would
 * differ): as long and as varied as real articles, sharing some words with them, without
 * being second answers to their questions.
 */
export function scaledArticles(count: number, share = 0.8): IndexedArticle[] {
  const next = random(count)
  const ending = () => ENDINGS[Math.floor(next() * ENDINGS.length)] ?? 'x'
  const perturb = (text: string) =>
    text.replace(/[\p{L}\p{N}]{3,}/gu, (word) => (next() < share ? `${word}${ending()}` : word))
  const out = [...articles]
  for (let i = 0; out.length < count; i++) {
    const source = articles[i % articles.length] as IndexedArticle
    out.push({
      ...source,
      id: `${source.id}-copy-${i}`,
      title: perturb(source.title),
      body: perturb(source.body),
    })
  }
  return out
}
