// Moves English strings written in a TypeScript module into widget/i18n/languages/en.json,
// where the widget's English lives (docs/contributing/widget-internals.md, "To add a string").
// For a branch that still writes its English in a *-strings.ts file:
//
//   npx tsx scripts/english-to-json.ts widget/chat/home/home-strings.ts EN_HOME_STRINGS=home
//
// Each EXPORT=path copies that export's texts under `path` of en.json (dots for depth;
// `default=` for the whole file): keys en.json lacks are added, keys it has are left as
// they are and listed when they differ (then `npx biome format --write` the file: the
// script writes plain JSON.stringify). A function cannot be copied (its template is
// written by hand: `{name}`, `{name|fallback}`, `{n, plural, one {…} other {…}}`, or a
// pair [when, otherwise]): it is listed with the path to write. Then the other 35 language
// files need the new keys (tests/widget/i18n/languages.test.ts lists what each lacks).

import { readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

type Json = string | Json[] | { [key: string]: Json }
type Tree = { [key: string]: Json }

export const EN_JSON = fileURLToPath(new URL('../widget/i18n/languages/en.json', import.meta.url))

/** What a merge did: the paths added, kept although different, and functions to write by hand. */
export interface MoveReport {
  added: string[]
  differs: string[]
  byHand: string[]
}

const isTree = (value: unknown): value is Tree =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/** Merges `value` (a module's English) into `into` at `path`; returns what it did. */
export function mergeEnglish(
  into: Tree,
  path: string,
  value: unknown,
  report: MoveReport = { added: [], differs: [], byHand: [] },
): MoveReport {
  const keys = path ? path.split('.') : []
  let node = into
  for (const key of keys.slice(0, -1)) {
    const next = node[key]
    if (next !== undefined && !isTree(next)) throw new Error(`en.json: ${key} is not an object`)
    node[key] = next ?? {}
    node = node[key] as Tree
  }
  const last = keys.at(-1)
  if (last === undefined) {
    if (!isTree(value)) throw new Error('default= takes an object of texts')
    for (const [key, child] of Object.entries(value)) mergeEnglish(into, key, child, report)
    return report
  }
  const existing = node[last]
  if (typeof value === 'function') report.byHand.push(path)
  else if (isTree(value)) {
    if (existing !== undefined && !isTree(existing))
      throw new Error(`en.json: ${path} is a text, the module's is an object`)
    node[last] = existing ?? {}
    for (const [key, child] of Object.entries(value))
      mergeEnglish(into, `${path}.${key}`, child, report)
  } else if (typeof value === 'string' || Array.isArray(value)) {
    if (existing === undefined) {
      node[last] = value as Json
      report.added.push(path)
    } else if (JSON.stringify(existing) !== JSON.stringify(value)) report.differs.push(path)
  } else if (value !== undefined) throw new Error(`${path}: not a text (${typeof value})`)
  return report
}

async function main(args: string[]) {
  const [file, ...moves] = args
  if (!file || moves.length === 0 || moves.some((move) => !move.includes('='))) {
    console.error('usage: npx tsx scripts/english-to-json.ts <module.ts> <EXPORT>=<path>…')
    process.exit(2)
  }
  let english: Tree = {}
  try {
    english = JSON.parse(readFileSync(EN_JSON, 'utf8'))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const module: Record<string, unknown> = await import(resolve(file))
  const report: MoveReport = { added: [], differs: [], byHand: [] }
  for (const move of moves) {
    const [name = '', path = ''] = move.split('=')
    if (!(name in module)) throw new Error(`${file} exports no ${name}`)
    mergeEnglish(english, path, module[name], report)
  }
  writeFileSync(EN_JSON, `${JSON.stringify(english, null, 2)}\n`)
  for (const path of report.added) console.log(`added   ${path}`)
  for (const path of report.differs) console.log(`kept    ${path} (en.json's differs; not changed)`)
  for (const path of report.byHand)
    console.log(`by hand ${path}: a function; write its template in en.json and FUNCTIONS`)
  console.log('then: npx biome format --write widget/i18n/languages/en.json')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main(process.argv.slice(2))
