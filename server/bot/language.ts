// Languages written in each script, most common first: a customer's script narrows
// the language down, and the site's default language wins when it fits.
const SCRIPTS: { test: RegExp; other: RegExp; languages: string[] }[] = [
  {
    test: /\p{Script=Cyrillic}/u,
    other: /\p{Script=Latin}/u,
    languages: ['ru', 'uk', 'be', 'bg', 'sr', 'kk', 'mk'],
  },
  {
    test: /\p{Script=Latin}/u,
    other: /\p{Script=Cyrillic}/u,
    languages: ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'tr', 'cs', 'sv', 'fi', 'da', 'no'],
  },
]

/**
 * A best guess at the language of a message from its script alone: the site's
 * default language when written in that script, else the most common one.
 * Undefined for mixed or other scripts (digits, emoji).
 */
export function guessLanguage(text: string, defaultLanguage: string): string | undefined {
  const base = defaultLanguage.split('-')[0] ?? defaultLanguage
  for (const script of SCRIPTS) {
    if (!script.test.test(text) || script.other.test(text)) continue
    return script.languages.includes(base) ? defaultLanguage : script.languages[0]
  }
  return undefined
}
