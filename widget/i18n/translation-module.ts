// The build's code (Node): widget/tsconfig.json leaves it to the root's, which has Node's types.
import { readFileSync } from 'node:fs'
import { englishReads } from './english-reads'
import type { TranslationFunctions } from './translation'

/**
 * A language file (widget/i18n/languages/<lang>.json) as the module the widget imports:
 * the build turns its texts into the Translation's strings and functions (the Vite plugin
 * below, in the widget's, the studio's and the tests' builds), so the chunk holds the same
 * code a hand-written module would and the widget carries no template engine.
 *
 * A text with arguments is a template: `{name}` shows the argument, `{name|Someone}` shows
 * "Someone" when there is none, `{count, plural, one {message} other {messages}}` picks the
 * language's plural form (Intl.PluralRules). A function with two texts is a pair
 * `[when, otherwise]`, chosen as FUNCTIONS says.
 */

/** A name for each of a function's parameters. */
type Names<Params extends readonly unknown[]> = { [I in keyof Params]-?: string }

/**
 * Every function of a Translation (one entry per TranslationFunctions' path, by type): its
 * parameters' names and, for a pair of texts, when the first one shows.
 */
export const FUNCTIONS: {
  [Path in keyof TranslationFunctions]: {
    params: Names<Parameters<TranslationFunctions[Path]>>
    when?: string
  }
} = {
  'loader.unread': { params: ['count'] },
  'chat.counter': { params: ['length', 'max', 'parts'], when: 'parts > 1' },
  'chat.typing': { params: ['name'] },
  'chat.newMessageTitle': { params: ['count'] },
  'attach.remove': { params: ['name'] },
  'attach.cancel': { params: ['name'] },
  'attach.uploading': { params: ['name'] },
  'attach.tooLarge': { params: ['size', 'limit'] },
  'attach.accepted': { params: ['types'] },
  'answering.joined': { params: ['name'], when: 'name' },
  'answering.back': { params: ['time', 'day'], when: 'day' },
  'ended.stars': { params: ['n'] },
  'ended.sent': { params: ['to'] },
  'ended.confirmSent': { params: ['to'] },
  'help.count': { params: ['count'] },
}

class TemplateError extends Error {
  override name = 'TemplateError' as const
}

const SIMPLE = /^\{([a-z]\w*)(?:\|([^{}]*))?\}/i
const PLURAL =
  /^\{([a-z]\w*),\s*plural,((?:\s*(?:zero|one|two|few|many|other)\s*\{[^{}]*\})+)\s*\}/i
const FORM = /(zero|one|two|few|many|other)\s*\{([^{}]*)\}/g

/** What compiling a file needs to know and notes: its language, whether it calls plural(). */
type Uses = { plural: boolean; lang: string }

/** One template as a JavaScript expression; notes in `uses` whether it calls plural(). */
function templateCode(
  text: string,
  params: readonly string[],
  where: string,
  uses: Uses,
  or?: string,
) {
  const argument = (name = '') => {
    if (params.includes(name)) return name
    throw new TemplateError(
      `${where}: {${name}} is not one of its arguments (${params.join(', ')})`,
    )
  }
  let code = ''
  let rest = text
  for (let at = rest.search(/[{}]/); at !== -1; at = rest.search(/[{}]/)) {
    code += escapeTemplate(rest.slice(0, at))
    rest = rest.slice(at)
    const simple = SIMPLE.exec(rest)
    const plural = simple ? null : PLURAL.exec(rest)
    if (simple) {
      const [, name, fallback] = simple
      // `or`: the folded pair's argument, whose fallback stands in for an empty one too.
      const operator = name === or ? '||' : '??'
      code += `\${${argument(name)}${fallback === undefined ? '' : ` ${operator} ${JSON.stringify(fallback)}`}}`
    } else if (plural) {
      const forms = [...(plural[2] ?? '').matchAll(FORM)]
      const count = argument(plural[1])
      const shown = (form: string) => JSON.stringify(forms.find(([, f]) => f === form)?.[2] ?? '')
      // English's only forms: "one" is the count 1 (counts are whole numbers), as a
      // comparison in the chunks English is built into, with no Intl.PluralRules to create.
      if (uses.lang === 'en') code += `\${${count} === 1 ? ${shown('one')} : ${shown('other')}}`
      else {
        const all = forms.map(([, form, text]) => `${form}: ${JSON.stringify(text)}`)
        code += `\${plural(${count}, { ${all.join(', ')} })}`
        uses.plural = true
      }
    } else {
      throw new TemplateError(
        `${where}: ${JSON.stringify(rest.slice(0, 24))} is no placeholder: write {name}, {name|fallback} or {name, plural, one {…} other {…}}`,
      )
    }
    rest = rest.slice((simple ?? plural)?.[0].length ?? 0)
  }
  if (!code) return JSON.stringify(rest)
  return `\`${code}${escapeTemplate(rest)}\``
}

/**
 * A pair chosen by an argument, `[P{x}S, PfS]`, as the one text `P{x|f}S` whose fallback
 * also stands in for an empty argument: what `x ? … : …` does, in fewer bytes.
 */
function foldedPair([first = '', second = '']: string[], when: string): string | undefined {
  const parts = first.split(`{${when}}`)
  if (parts.length !== 2) return undefined
  const [prefix = '', suffix = ''] = parts
  const fallback = second.slice(prefix.length, second.length - suffix.length)
  const fits = second.length >= prefix.length + suffix.length
  if (!fits || !second.startsWith(prefix) || !second.endsWith(suffix) || /[{}]/.test(fallback))
    return undefined
  return `${prefix}{${when}|${fallback}}${suffix}`
}

const escapeTemplate = (text: string) => text.replace(/[`\\]|\$\{/g, (found) => `\\${found}`)

function valueCode(value: unknown, path: string, file: string, uses: Uses): string {
  const where = `${file}: ${path}`
  const fn: { params: readonly string[]; when?: string } | undefined =
    FUNCTIONS[path as keyof TranslationFunctions]
  if (fn) {
    const head = `(${fn.params.join(', ')}) =>`
    if (fn.when === undefined) {
      if (typeof value !== 'string') throw new TemplateError(`${where} must be a text`)
      return `${head} ${templateCode(value, fn.params, where, uses)}`
    }
    if (
      !Array.isArray(value) ||
      value.length !== 2 ||
      value.some((text) => typeof text !== 'string')
    )
      throw new TemplateError(`${where} must be two texts: [when ${fn.when}, otherwise]`)
    const one = fn.params.includes(fn.when) ? foldedPair(value, fn.when) : undefined
    if (one !== undefined) return `${head} ${templateCode(one, fn.params, where, uses, fn.when)}`
    const [when, otherwise] = value.map((text) => templateCode(text, fn.params, where, uses))
    return `${head} ${fn.when} ? ${when} : ${otherwise}`
  }
  if (typeof value === 'string') {
    if (/[{}]/.test(value)) throw new TemplateError(`${where} takes no arguments: no { or }`)
    return JSON.stringify(value)
  }
  if (Array.isArray(value))
    return `[${value.map((item, i) => valueCode(item, `${path}.${i}`, file, uses)).join(', ')}]`
  if (value !== null && typeof value === 'object')
    return `{ ${Object.entries(value)
      .map(
        ([key, child]) =>
          `${JSON.stringify(key)}: ${valueCode(child, path ? `${path}.${key}` : key, file, uses)}`,
      )
      .join(', ')} }`
  throw new TemplateError(`${where} must be a text`)
}

/** The module a language file becomes: `export default` its Translation. Throws TemplateError. */
export function translationModule(json: string, lang: string, file = `${lang}.json`): string {
  let data: unknown
  try {
    data = JSON.parse(json)
  } catch (error) {
    throw new TemplateError(`${file} is not JSON: ${(error as Error).message}`)
  }
  const uses = { plural: false, lang }
  const body = valueCode(data, '', file, uses)
  const plural = uses.plural
    ? `const rules = new Intl.PluralRules(${JSON.stringify(lang)})\n` +
      "const plural = (n, forms) => forms[rules.select(n)] ?? forms.other ?? ''\n"
    : ''
  return `${plural}export default ${body}\n`
}

const LANGUAGE_FILE = /[\\/]widget[\\/]i18n[\\/]languages[\\/]([a-z]{2})\.json$/
const ENGLISH_MODULE = /[\\/]widget[\\/]i18n[\\/]english\.ts$/
const EN_JSON = new URL('./languages/en.json', import.meta.url)

/** English's value at a path as code, for englishReads. */
function englishCode(value: unknown, path: string): string {
  return valueCode(value, path, 'widget/i18n/languages/en.json', { plural: false, lang: 'en' })
}

/**
 * The Vite plugin that builds widget/i18n/languages/*.json with translationModule, and
 * writes English where a module reads it (english-reads.ts): EN.<path> becomes en.json's value.
 */
export const translationPlugin = {
  name: 'porthole:translations',
  enforce: 'pre' as const,
  transform(code: string, id: string) {
    const lang = LANGUAGE_FILE.exec(id)?.[1]
    if (lang)
      return {
        code: translationModule(code, lang, `widget/i18n/languages/${lang}.json`),
        // The JSON's texts become object literals with no line of the file to point at:
        // an empty map says so, where none at all warns (SOURCEMAP_BROKEN) once per language.
        map: { mappings: '' },
        moduleType: 'js',
      }
    // EN read as a whole (a test): en.json's Translation, as any language's.
    if (ENGLISH_MODULE.test(id))
      return { code: "export { default as EN } from './languages/en.json'\n", map: null }
    if (!code.includes('EN')) return null
    const english: unknown = JSON.parse(readFileSync(EN_JSON, 'utf8'))
    const written = englishReads(code, id, english, englishCode)
    // Lines stay where they were: the existing source map still holds (null keeps it).
    return written === null ? null : { code: written, map: null }
  },
}
