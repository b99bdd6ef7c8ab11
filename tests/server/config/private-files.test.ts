import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadDemoBotToken } from '../../../demo/launch/bot-token'
import { loadDemoSecrets } from '../../../server/config/demo-secrets'
import { keepPrivate, writePrivateFile } from '../../../server/config/private-file'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'porthole-private-'))
  dirs.push(dir)
  return dir
}
const modeOf = (path: string) => statSync(path).mode & 0o777

describe('private files', () => {
  it('writePrivateFile makes a new and an existing readable file 0600', () => {
    const file = join(tempDir(), 'x.json')
    writePrivateFile(file, '{}')
    expect(modeOf(file)).toBe(0o600)
    chmodSync(file, 0o644)
    writePrivateFile(file, '{"a":1}')
    expect(modeOf(file)).toBe(0o600)
  })

  it('keepPrivate restricts an existing file and ignores a missing one', () => {
    const file = join(tempDir(), 'x.json')
    keepPrivate(file)
    writeFileSync(file, '{}', { mode: 0o666 })
    chmodSync(file, 0o666)
    keepPrivate(file)
    expect(modeOf(file)).toBe(0o600)
  })
})

describe("the demo's secrets files", () => {
  it('demo-secrets.json is created 0600, and an existing readable one is made 0600 at start', () => {
    const dir = tempDir()
    const file = join(dir, 'demo-secrets.json')
    const secrets = loadDemoSecrets(dir)
    expect(modeOf(file)).toBe(0o600)
    chmodSync(file, 0o644)
    expect(loadDemoSecrets(dir)).toEqual(secrets)
    expect(modeOf(file)).toBe(0o600)
  })

  it('demo-bot.json is created 0600, and an existing readable one is made 0600 at start', () => {
    const dir = tempDir()
    const file = join(dir, 'demo-bot.json')
    const token = loadDemoBotToken(dir)
    expect(modeOf(file)).toBe(0o600)
    chmodSync(file, 0o644)
    expect(loadDemoBotToken(dir)).toBe(token)
    expect(modeOf(file)).toBe(0o600)
  })
})
