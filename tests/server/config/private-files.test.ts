import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { loadDemoBotToken } from '../../../demo/launch/bot-token'
import { loadDemoAdminPassword, loadDemoSecrets } from '../../../server/config/demo-secrets'
import { isConfigError } from '../../../server/config/errors'
import {
  keepPrivate,
  readPrivateJson,
  writePrivateFile,
  writePrivateJson,
} from '../../../server/config/private-file'
import { useTempDirs } from '../../support/temp-dirs'
import { thrownBy } from '../support/config-problems'

const tempDir = useTempDirs('porthole-private-')
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

describe('readPrivateJson', () => {
  const Secret = z.object({ token: z.string().min(8) })

  it('answers missing for a file that does not exist, and creates nothing', () => {
    const file = join(tempDir(), 'none.json')
    expect(readPrivateJson(file, Secret)).toEqual({ status: 'missing' })
    expect(() => statSync(file)).toThrow(/ENOENT/)
  })

  it('reads what writePrivateJson wrote, into a folder it creates, 0600', () => {
    const file = join(tempDir(), 'deeper', 'secret.json')
    writePrivateJson(file, { token: 'abcdefgh12' })
    expect(readFileSync(file, 'utf8')).toBe('{\n  "token": "abcdefgh12"\n}\n')
    expect(modeOf(file)).toBe(0o600)
    expect(readPrivateJson(file, Secret)).toEqual({
      status: 'valid',
      value: { token: 'abcdefgh12' },
    })
  })

  it('makes a readable file 0600 before reading it', () => {
    const file = join(tempDir(), 'secret.json')
    writeFileSync(file, '{"token":"abcdefgh12"}')
    chmodSync(file, 0o644)
    expect(readPrivateJson(file, Secret).status).toBe('valid')
    expect(modeOf(file)).toBe(0o600)
  })

  it('calls damaged JSON not_json, without quoting the file (it holds secrets)', () => {
    const file = join(tempDir(), 'secret.json')
    for (const text of ['{"token":"s3cr3t-value', 's3cr3t-value', '']) {
      writeFileSync(file, text)
      const read = readPrivateJson(file, Secret)
      expect(read).toMatchObject({ status: 'damaged', reason: 'not_json' })
      expect(JSON.stringify(read)).not.toContain('s3cr3t')
    }
  })

  it('calls JSON of the wrong shape wrong_shape and names the field', () => {
    const file = join(tempDir(), 'secret.json')
    for (const text of ['{"token":"short"}', '[]', '{"tok":"abcdefgh12"}']) {
      writeFileSync(file, text)
      expect(readPrivateJson(file, Secret)).toMatchObject({
        status: 'damaged',
        reason: 'wrong_shape',
      })
    }
    writeFileSync(file, '{"token":"short"}')
    const read = readPrivateJson(file, Secret)
    expect(read.status === 'damaged' && read.detail).toMatch(/^token: /)
  })
})

describe("the demo's secrets files", () => {
  it('refuses damaged demo-secrets.json and demo-admin.json with a configuration error', () => {
    const dir = tempDir()
    for (const [name, load] of [
      ['demo-secrets.json', loadDemoSecrets],
      ['demo-admin.json', loadDemoAdminPassword],
    ] as const) {
      // Not JSON at all used to escape as a bare SyntaxError for demo-secrets.json.
      for (const text of ['{not json', '{"password":"x","webhookSecret":1}']) {
        writeFileSync(join(dir, name), text)
        const thrown = thrownBy(() => load(dir))
        expect(isConfigError(thrown)).toBe(true)
        expect(String(thrown)).toContain(`${name} is damaged: delete it and start again`)
      }
    }
  })

  it.each([
    ['demo-secrets.json', loadDemoSecrets],
    ['demo-bot.json', loadDemoBotToken],
  ] as const)(
    '%s is created 0600, and an existing readable one is made 0600 at start',
    (name, load) => {
      const dir = tempDir()
      const file = join(dir, name)
      const kept = load(dir)
      expect(modeOf(file)).toBe(0o600)
      chmodSync(file, 0o644)
      expect(load(dir)).toEqual(kept)
      expect(modeOf(file)).toBe(0o600)
    },
  )
})
