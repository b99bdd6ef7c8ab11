// @vitest-environment node
import { describe, expect, expectTypeOf, it } from 'vitest'
import { englishReads } from '../../../widget/i18n/english-reads'
import en from '../../../widget/i18n/languages/en.json'
import type { Translation } from '../../../widget/i18n/translation'
import { translationModule, translationPlugin } from '../../../widget/i18n/translation-module'

const ID = '/x/widget/chat/home/some-strings.ts'
const IMPORT = "import { EN } from '../../i18n/english'\n"

/** A module as the translations plugin writes it, imported. */
async function built(source: string) {
  const result = translationPlugin.transform(source, ID)
  if (typeof result !== 'object' || result === null) throw new Error('not transformed')
  const url = `data:text/javascript;base64,${Buffer.from(result.code).toString('base64')}`
  return { code: result.code, module: await import(/* @vite-ignore */ url) }
}

describe('English read as EN.<path>, written in place by the build', () => {
  it('writes each read as en.json says and drops the import of EN', async () => {
    const { code, module } = await built(
      `${IMPORT}export const home = EN.home\n` +
        'export const joined = { joined: EN.answering.joined, you: EN.answering.you }\n' +
        'export const note = (t) => t ?? EN.masked\n' +
        'export const chat = { ...EN.chat, duration: 1 }\n' +
        'export const count = EN.help.count\n' +
        'export const size = EN.home.start.length\n',
    )
    expect(code).not.toMatch(/english|\bEN\b/)
    expect(module.home).toEqual(en.home)
    expect(module.joined.joined('Zoë')).toBe('Zoë joined the conversation')
    expect(module.joined.joined(undefined)).toBe('An agent joined the conversation')
    expect(Object.keys(module.joined)).toEqual(['joined', 'you'])
    expect(module.note(undefined)).toBe(en.masked)
    expect(module.chat.counter(5, 1000, 1)).toBe('5/1000')
    expect(module.chat.duration).toBe(1)
    expect(module.count(1)).toBe('1 article found')
    expect(module.count(3)).toBe('3 articles found')
    expect(module.size).toBe(en.home.start.length)
  })

  it("carries only the English a module reads, and no one else's EN", async () => {
    const { code, module } = await built(
      `${IMPORT}const other = JSON.parse('{"EN":"x"}')\nexport const both = [EN.home.start, other.EN]\n`,
    )
    expect(module.both).toEqual([en.home.start, 'x'])
    expect(code).not.toContain(en.home.last)
    expect(code).not.toContain(en.chat.close)
  })

  it('leaves a module that does not import EN alone', () => {
    expect(englishReads('export const EN = 1\nEN.home\n', ID, {}, () => '')).toBeNull()
    expect(translationPlugin.transform('export const a = 1\n', ID)).toBeNull()
  })

  it('refuses a key en.json lacks, saying which', () => {
    expect(() => translationPlugin.transform(`${IMPORT}EN.home.nope\n`, ID)).toThrow(
      `${ID}: EN.home.nope: widget/i18n/languages/en.json has no such key`,
    )
  })

  it.each(['const { home } = EN', 'f(EN)', 'const all = { ...EN }'])(
    'refuses EN used whole (%s): it would carry all of English',
    (use) => {
      expect(() => translationPlugin.transform(`${IMPORT}${use}\n`, ID)).toThrow(
        /read English as EN\.<path>/,
      )
    },
  )

  it("compiles English's plurals to a comparison, with no Intl.PluralRules to create", async () => {
    const json = JSON.stringify({ help: { count: '{count, plural, one {# one} other {many}}' } })
    const code = translationModule(json, 'en')
    expect(code).not.toContain('PluralRules')
    expect(translationModule(json, 'de')).toContain('PluralRules')
    const url = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`
    const english = (await import(/* @vite-ignore */ url)).default
    expect([english.help.count(1), english.help.count(0), english.help.count(2)]).toEqual([
      '# one',
      'many',
      'many',
    ])
  })

  it('types every string from en.json: a key it lacks does not compile', () => {
    expectTypeOf<keyof Translation['home']>().toEqualTypeOf<keyof (typeof en)['home']>()
    expectTypeOf<Translation['attach']['remove']>().toEqualTypeOf<(name: string) => string>()
    expectTypeOf<Translation['voice']>().toEqualTypeOf<string>()
    // @ts-expect-error: en.json has no home.nope, so the widget cannot read it
    expectTypeOf<Translation['home']['nope']>().toBeString()
  })
})
