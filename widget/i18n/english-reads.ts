/**
 * English is built into the chunks that read it: each `EN.<path>` in a module that imports EN
 * (english.ts) becomes that value of languages/en.json, written in place as code
 * (`EN.home` → `{ "start": "Send us a message", … }`), and the import goes. So a chunk carries
 * the English it reads and no more, as when English was written in each chunk's own module.
 */

/** An import of EN: `import { EN } from '…/i18n/english'`. */
const IMPORT = /^import\s*\{\s*EN\s*\}\s*from\s*['"][^'"\n]*\/english['"];?[ \t]*$/m
// EN, not x.EN (a spread, ...EN, is EN).
const READ = /(?<![\w$])(?<![^.]\.)EN((?:\.[A-Za-z_$][\w$]*)+)/g
const VALUE_BEFORE = /(?:[:(,]|[^=!<>]=)\s*$/
const VALUE_AFTER = /^\s*(?:[,)\]};]|$)/
const LEFT = /(?<![\w$'"`])(?<![^.]\.)EN(?![\w$])/

class EnglishReadError extends Error {
  override name = 'EnglishReadError' as const
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/**
 * The module with its English reads written in place; null when it does not import EN.
 * `code` compiles the value at a path (translation-module.ts). Throws EnglishReadError on
 * a path en.json lacks and on any other use of EN (which would carry all of English).
 */
export function englishReads(
  source: string,
  file: string,
  english: unknown,
  code: (value: unknown, path: string) => string,
): string | null {
  if (!IMPORT.test(source)) return null
  const written = source
    .replace(IMPORT, '')
    .replace(READ, (read, members: string, at: number, all: string) => {
      const keys = members.slice(1).split('.')
      let value = english
      let depth = 0
      while (depth < keys.length && isObject(value)) {
        const key = keys[depth] ?? ''
        if (!Object.hasOwn(value, key))
          throw new EnglishReadError(
            `${file}: EN.${keys.slice(0, depth + 1).join('.')}: widget/i18n/languages/en.json has no such key`,
          )
        value = value[key]
        depth++
      }
      const written = code(value, keys.slice(0, depth).join('.'))
      const rest = keys.slice(depth).map((key) => `.${key}`)
      // A whole value (`x = EN.a`, `{ a: EN.a }`) needs no parentheses, which the minifier
      // would keep around a function; an operand (`t ?? EN.a`, `EN.a.length`) has them.
      const whole =
        rest.length === 0 &&
        VALUE_BEFORE.test(all.slice(Math.max(0, at - 8), at)) &&
        VALUE_AFTER.test(all.slice(at + read.length, at + read.length + 8))
      return whole ? written : `(${written})${rest.join('')}`
    })
  if (LEFT.test(written))
    throw new EnglishReadError(
      `${file}: read English as EN.<path> (EN.home, EN.answering.joined): the build writes each read in place, and EN alone would carry all of it`,
    )
  return written
}
