import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { LANGUAGES, RTL_LANGUAGES } from '../../../shared/widget-api'
import { isRightToLeft, LANGS, pickLanguage } from '../../../widget/i18n/language'
import en from '../../../widget/i18n/languages/en.json'
import type { Translation } from '../../../widget/i18n/translation'
import { languageFile } from '../../support/language-files'

// Every language file against English: the same keys, the same kinds of value, and the
// same placeholders (each argument English shows appears in the translation too).
const others = LANGUAGES.filter((lang) => lang !== 'en')
const load = languageFile

/** Every leaf of a translation as path → value. */
function leaves(value: unknown, path = ''): Map<string, unknown> {
  const found = new Map<string, unknown>()
  if (value !== null && typeof value === 'object')
    for (const [key, child] of Object.entries(value))
      for (const [leaf, at] of leaves(child, path ? `${path}.${key}` : key)) found.set(leaf, at)
  else found.set(path, value)
  return found
}

// Arguments no translation would write by itself, for every function of a file.
const CALLS: Record<string, unknown[][]> = {
  'loader.unread': [[7346], [1], [3]],
  'chat.counter': [
    [12345, 1000, 7],
    [5, 1000, 1],
    [2021, 1000, 3],
  ],
  'chat.typing': [['Zoë Quill'], [undefined]],
  'chat.newMessageTitle': [[7346], [1], [2], [5]],
  'attach.remove': [['report-q3.pdf']],
  'attach.cancel': [['report-q3.pdf']],
  'attach.uploading': [['report-q3.pdf']],
  'attach.tooLarge': [['73 MB', '19 MB']],
  'attach.accepted': [['PNG, JPEG, PDF']],
  'ended.stars': [[4], [1]],
  'ended.sent': [['zoe.quill@example.com']],
  'ended.confirmSent': [['zoe.quill@example.com']],
  'help.count': [[7346], [1], [3]],
  'answering.joined': [['Zoë Quill'], [undefined]],
  'answering.back': [['9:00'], ['9:00', 'Monday']],
}

/** The arguments (as text) an output shows. */
const shown = (output: string, args: unknown[]) =>
  args.filter((arg) => arg !== undefined && output.includes(String(arg))).map(String)

describe('the language files', () => {
  it('the loader knows the same languages as the settings (LANGUAGES)', () => {
    expect(LANGS).toEqual([...LANGUAGES])
    expect(others.length + 1).toBeGreaterThanOrEqual(30)
    const files = readdirSync('widget/i18n/languages')
    expect(files.sort()).toEqual(LANGUAGES.map((lang) => `${lang}.json`).sort())
  })

  it.each(others)('%s has every key of English, of the same kind, none empty', async (lang) => {
    const english = leaves(en)
    const translated = leaves(await load(lang))
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort())
    for (const [key, value] of translated) {
      expect(typeof value, `${lang} ${key}`).toBe(typeof english.get(key))
      if (typeof value === 'string') {
        expect(value.trim(), `${lang} ${key}`).not.toBe('')
        expect(value, `${lang} ${key}`).not.toMatch(/\$\{|\{\w+[|}]|undefined/)
      }
    }
    // Every function is called below.
    expect(
      [...english].filter(([, value]) => typeof value === 'function').map(([key]) => key),
    ).toEqual(expect.arrayContaining(Object.keys(CALLS)))
    expect(Object.keys(CALLS)).toHaveLength(
      [...english.values()].filter((value) => typeof value === 'function').length,
    )
  })

  it.each(others)('%s shows the same placeholders as English', async (lang) => {
    const english = leaves(en)
    const translated = leaves(await load(lang))
    for (const [key, calls] of Object.entries(CALLS)) {
      const theirs = translated.get(key) as (...args: unknown[]) => string
      const ours = english.get(key) as (...args: unknown[]) => string
      for (const args of calls) {
        const output = theirs(...args)
        expect(output.trim(), `${lang} ${key}(${args})`).not.toBe('')
        expect(output, `${lang} ${key}(${args})`).not.toMatch(/\$\{|\{\w+[|}]|undefined/)
        expect(shown(output, args), `${lang} ${key}(${args}): ${output}`).toEqual(
          shown(ours(...args), args),
        )
      }
    }
  })

  it('chooses plural forms with Intl.PluralRules where counts appear', async () => {
    const ru: Translation = await load('ru')
    expect(ru.chat.newMessageTitle(1)).toBe('(1) Новое сообщение')
    expect(ru.chat.newMessageTitle(21)).toBe('(21) Новое сообщение')
    expect(ru.chat.newMessageTitle(3)).toBe('(3) Новые сообщения')
    expect(ru.chat.counter(1002, 1000, 2)).toBe('1002 символа: уйдёт 2 сообщениями')
    expect(ru.chat.counter(1005, 1000, 2)).toBe('1005 символов: уйдёт 2 сообщениями')
    const cs: Translation = await load('cs')
    expect(cs.chat.newMessageTitle(3)).toBe('(3) Nové zprávy')
    expect(cs.chat.newMessageTitle(5)).toBe('(5) Nových zpráv')
    const pl: Translation = await load('pl')
    expect(pl.chat.counter(1002, 1000, 2)).toBe('1002 znaki: zostanie wysłana w 2 wiadomościach')
    expect(pl.chat.counter(1005, 1000, 2)).toBe('1005 znaków: zostanie wysłana w 2 wiadomościach')
    const de: Translation = await load('de')
    expect(de.chat.newMessageTitle(1)).toBe('(1) Neue Nachricht')
    expect(de.chat.newMessageTitle(2)).toBe('(2) Neue Nachrichten')
  })

  it('picks a widget language from a tag, and lays out Arabic, Hebrew and Persian right to left', () => {
    expect(pickLanguage(undefined, 'ja-JP')).toBe('ja')
    expect(pickLanguage('xx', 'pt-BR')).toBe('pt')
    expect(pickLanguage('tlh')).toBe('en')
    expect(LANGUAGES.filter(isRightToLeft)).toEqual([...RTL_LANGUAGES])
  })
})
