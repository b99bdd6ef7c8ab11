import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadDemoBotToken } from '../../../demo/launch/bot-token'
import { useTempDirs } from '../../support/temp-dirs'

const createDataDir = useTempDirs('porthole-bot-token-')

describe('loadDemoBotToken', () => {
  it('generates a token once, private to the user, and returns the same one later', () => {
    const dir = join(createDataDir(), 'data')
    const token = loadDemoBotToken(dir)
    expect(token).toMatch(/^[A-Za-z0-9_-]{16,256}$/)
    expect(loadDemoBotToken(dir)).toBe(token)
    expect(JSON.parse(readFileSync(join(dir, 'demo-bot.json'), 'utf8'))).toEqual({ token })
    expect(statSync(join(dir, 'demo-bot.json')).mode & 0o077).toBe(0)
  })

  it('refuses a damaged file and says how to recover', () => {
    const dir = createDataDir()
    for (const content of ['{not json', '{"token":"short"}']) {
      writeFileSync(join(dir, 'demo-bot.json'), content)
      expect(() => loadDemoBotToken(dir)).toThrow(/demo-bot\.json is damaged: delete it/)
    }
  })
})
