import { describe, expect, it } from 'vitest'
import en from '../../../widget/i18n/languages/en.json'
import {
  FUNCTIONS,
  translationModule,
  translationPlugin,
} from '../../../widget/i18n/translation-module'

/** A language file's module, imported as the build makes it. */
async function compiled(json: unknown, lang = 'ru') {
  const code = translationModule(JSON.stringify(json), lang)
  const url = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`
  return (await import(/* @vite-ignore */ url)).default
}

/** English's functions as path -> number of arguments. */
function functions(value: unknown, path = ''): [string, number][] {
  if (typeof value === 'function') return [[path, value.length]]
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return []
  return Object.entries(value).flatMap(([key, child]) =>
    functions(child, path ? `${path}.${key}` : key),
  )
}

describe('a language file (JSON) as the module the widget imports', () => {
  it('knows every function of English, with its number of arguments', () => {
    expect(
      Object.entries(FUNCTIONS)
        .map(([path, fn]) => [path, fn.params.length])
        .sort(),
    ).toEqual(functions(en).sort())
  })

  it('turns placeholders, fallbacks, plurals and pairs into functions', async () => {
    const ru = await compiled({
      loader: { unread: 'Непрочитанных: {count}', dismiss: 'Закрыть' },
      chat: {
        typing: '{name|Оператор} печатает…',
        counter: [
          '{length} {length, plural, one {символ} few {символа} other {символов}}: {parts}',
          '{length}/{max}',
        ],
      },
      emoji: ['a', 'b'],
    })
    expect(ru.loader.unread(3)).toBe('Непрочитанных: 3')
    expect(ru.loader.dismiss).toBe('Закрыть')
    expect(ru.chat.typing('Zoë')).toBe('Zoë печатает…')
    expect(ru.chat.typing(undefined)).toBe('Оператор печатает…')
    expect(ru.chat.counter(1002, 1000, 2)).toBe('1002 символа: 2')
    expect(ru.chat.counter(1005, 1000, 2)).toBe('1005 символов: 2')
    expect(ru.chat.counter(5, 1000, 1)).toBe('5/1000')
    expect(ru.emoji).toEqual(['a', 'b'])
  })

  it('writes a pair that differs only where its argument shows as one text, choosing alike', async () => {
    const json = {
      answering: {
        joined: ['{name} joined the conversation', 'An agent joined the conversation'],
        back: ['Back {day} at {time}', 'Back at {time}'],
      },
    }
    const code = translationModule(JSON.stringify(json), 'en')
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the built module's own template
    expect(code).toContain('`${name || "An agent"} joined the conversation`')
    expect(code).not.toContain('name ?')
    const en = await compiled(json, 'en')
    expect(en.answering.joined('Zoë')).toBe('Zoë joined the conversation')
    for (const nobody of [undefined, ''])
      expect(en.answering.joined(nobody)).toBe('An agent joined the conversation')
    expect(en.answering.back('9:00', 'Monday')).toBe('Back Monday at 9:00')
    expect(en.answering.back('9:00')).toBe('Back at 9:00')
  })

  it('shows backticks, backslashes and ${ as written', async () => {
    const strings = await compiled({ attach: { remove: '`$` \\ \u0024{name}' }, voice: '`$\\' })
    expect(strings.attach.remove('a.pdf')).toBe('`$` \\ $a.pdf')
    expect(strings.voice).toBe('`$\\')
  })

  it.each([
    [
      { attach: { remove: 'Remove {file}' } },
      /attach\.remove: \{file\} is not one of its arguments \(name\)/,
    ],
    [{ attach: { remove: 'Remove {name' } }, /attach\.remove: "\{name" is no placeholder/],
    [{ attach: { remove: 'Remove name}' } }, /attach\.remove: "\}" is no placeholder/],
    [{ attach: { remove: '{name, plural, lots {x}}' } }, /is no placeholder/],
    [{ attach: { remove: ['a', 'b'] } }, /attach\.remove must be a text/],
    [
      { chat: { counter: '{length}' } },
      /chat\.counter must be two texts: \[when parts > 1, otherwise\]/,
    ],
    [{ chat: { send: 'Send {name}' } }, /chat\.send takes no arguments/],
    [{ chat: { send: 3 } }, /chat\.send must be a text/],
  ])('refuses a file that would not work, saying where: %j', (json, message) => {
    expect(() => translationModule(JSON.stringify(json), 'ru')).toThrow(message)
  })

  it('refuses a file that is not JSON', () => {
    expect(() => translationModule('{ "chat": ', 'ru')).toThrow(/ru\.json is not JSON/)
  })

  it('builds only widget/i18n/languages/<lang>.json, as JavaScript', () => {
    const built = translationPlugin.transform(
      '{"voice":"Голос"}',
      '/x/widget/i18n/languages/ru.json',
    )
    expect(built).toMatchObject({ moduleType: 'js' })
    expect(built?.code).toContain('export default { "voice": "Голос" }')
    expect(translationPlugin.transform('{}', '/x/widget/i18n/other/ru.json')).toBeNull()
    expect(translationPlugin.transform('{}', '/x/shared/settings/ru.json')).toBeNull()
  })
})
