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

/** Every function of a Translation: its parameters and, for a pair, when the first text shows. */
export const FUNCTIONS: Record<string, { params: string[]; when?: string }> = {
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

/** One template as a JavaScript expression; notes in `uses` whether it calls plural(). */
function templateCode(text: string, params: string[], where: string, uses: { plural: boolean }) {
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
      code += `\${${argument(name)}${fallback === undefined ? '' : ` ?? ${JSON.stringify(fallback)}`}}`
    } else if (plural) {
      const forms = [...(plural[2] ?? '').matchAll(FORM)].map(
        ([, form, shown]) => `${form}: ${JSON.stringify(shown)}`,
      )
      code += `\${plural(${argument(plural[1])}, { ${forms.join(', ')} })}`
      uses.plural = true
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

const escapeTemplate = (text: string) => text.replace(/[`\\]|\$\{/g, (found) => `\\${found}`)

function valueCode(value: unknown, path: string, file: string, uses: { plural: boolean }): string {
  const where = `${file}: ${path}`
  const fn = FUNCTIONS[path]
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
  const uses = { plural: false }
  const body = valueCode(data, '', file, uses)
  const plural = uses.plural
    ? `const rules = new Intl.PluralRules(${JSON.stringify(lang)})\n` +
      "const plural = (n, forms) => forms[rules.select(n)] ?? forms.other ?? ''\n"
    : ''
  return `${plural}export default ${body}\n`
}

const LANGUAGE_FILE = /[\\/]widget[\\/]i18n[\\/]languages[\\/]([a-z]{2})\.json$/

/** The Vite plugin that builds widget/i18n/languages/*.json with translationModule. */
export const translationPlugin = {
  name: 'porthole:translations',
  enforce: 'pre' as const,
  transform(code: string, id: string) {
    const lang = LANGUAGE_FILE.exec(id)?.[1]
    if (!lang) return null
    return {
      code: translationModule(code, lang, `widget/i18n/languages/${lang}.json`),
      // The JSON's texts become object literals with no line of the file to point at:
      // an empty map says so, where none at all warns (SOURCEMAP_BROKEN) once per language.
      map: { mappings: '' },
      moduleType: 'js',
    }
  },
}
