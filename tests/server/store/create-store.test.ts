import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { isConfigError } from '../../../server/config/errors'
import { createStore } from '../../../server/store/index'

describe('createStore(url)', () => {
  it('opens memory: and sqlite:<path>', async () => {
    const memory = await createStore('memory:')
    expect(memory.kind).toBe('memory')
    await memory.close()
    const dir = mkdtempSync(join(tmpdir(), 'porthole-create-'))
    const sqlite = await createStore(`sqlite:${join(dir, 'sub', 'p.db')}`)
    expect(sqlite.kind).toBe('sqlite')
    await sqlite.ping()
    await sqlite.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it.each(['sqlite:', 'postgres://db/porthole', 'porthole.db', ''])(
    'refuses %j with a ConfigError naming STORE_URL',
    async (url) => {
      const error = await createStore(url).catch((e: unknown) => e)
      expect(isConfigError(error)).toBe(true)
      expect(String(error)).toMatch(/STORE_URL: .*(sqlite:|memory:)/)
    },
  )
})
