import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadSettings } from '../../../server/settings/load-settings'
import { compileMaskPatterns, maskPatternProblem } from '../../../shared/privacy/mask-pattern'
import { publicConfigOf } from '../../../shared/settings/public-config'
import { checkSettings } from '../../../shared/settings/settings-file'

describe('maskPatternProblem', () => {
  it.each([
    '\\bpin \\d{4}\\b',
    '[A-Z]{2}-\\d{3}-[A-Z]{2}',
    '(?:abc)+',
    '(\\d{3}-)+',
    '(foo|bar) \\d+',
  ])('accepts %s', (pattern) => {
    expect(maskPatternProblem(pattern)).toBeUndefined()
  })

  it.each([
    ['(a+)+', 'repeats a group'],
    ['(a|ab)*', 'repeats a group'],
    ['(x(a?))*', 'repeats a group'],
    ['(a|a){30}', 'repeats a group'],
    ['(unclosed', 'not a valid regular expression'],
    ['   ', 'must not be empty'],
    ['a'.repeat(201), 'at most 200 characters'],
  ])('refuses %s', (pattern, message) => {
    expect(maskPatternProblem(pattern)).toContain(message)
  })

  it('compiles the patterns it accepts, case-insensitively, and skips the others', () => {
    const [pin, ...rest] = compileMaskPatterns(['pin \\d{4}', '(a+)+'])
    expect(rest).toEqual([])
    expect(pin?.test('PIN 1234')).toBe(true)
  })
})

describe('the settings file’s privacy.maskPatterns', () => {
  it('defaults to none, and the widget is told nothing', () => {
    const checked = checkSettings({})
    expect(checked.ok && checked.settings.privacy).toEqual({
      consent: 'none',
      policyUrl: '',
      maskPatterns: [],
    })
    if (checked.ok) expect(publicConfigOf(checked.settings, 'en', 0).maskPatterns).toBeUndefined()
  })

  it('goes to the widget in the public config', () => {
    const checked = checkSettings({ privacy: { maskPatterns: ['pin \\d{4}'] } })
    if (!checked.ok) throw new Error('refused')
    expect(publicConfigOf(checked.settings, 'en', 0).maskPatterns).toEqual(['pin \\d{4}'])
  })

  it('refuses a pattern the browser could take exponential time on, naming it', () => {
    const checked = checkSettings({ privacy: { maskPatterns: ['ok', '(\\d+)+x'] } })
    expect(checked.ok).toBe(false)
    if (!checked.ok) expect(checked.problems[0]?.path).toBe('privacy.maskPatterns.1')
  })

  it('refuses at start a pattern the linear-time engine cannot run (as the bot’s)', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'porthole-mask-')), 'settings.json')
    writeFileSync(path, JSON.stringify({ privacy: { maskPatterns: ['pin(?=\\d)'] } }))
    expect(() => loadSettings(path)).toThrow(/privacy\.maskPatterns\.0 .*linear-time/)
  })
})
