import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLogger } from '../../../server/logging/logger'
import { parseSettings } from '../../../server/settings/load-settings'
import { createSettingsProvider } from '../../../server/settings/settings-provider'
import { SETTINGS_HEAD_KEY, settingsVersionKey } from '../../../server/store/keys'
import { createMemoryStore } from '../../../server/store/memory-store'
import type { Store } from '../../../server/store/types'
import type { Settings } from '../../../shared/settings/settings-file'

const logs: string[] = []
const logger = createLogger({ level: 'debug', write: (line) => logs.push(line) })
const providers: { stop(): void }[] = []
afterEach(() => {
  for (const provider of providers.splice(0)) provider.stop()
  logs.length = 0
  vi.useRealTimers()
})

function provider(store: Store, initial: Settings, fromFile = true, pollMs = 2000) {
  const made = createSettingsProvider({ store, initial, fromFile, now: Date.now, logger, pollMs })
  providers.push(made)
  return made
}

describe('the settings provider', () => {
  it('serves the file’s settings before start, seeds an empty store with them as version 1', async () => {
    const store = createMemoryStore()
    const settings = provider(store, parseSettings({ title: 'From the file' }))
    expect(settings.current().title).toBe('From the file')
    expect(settings.version()).toBeUndefined()
    await settings.start()
    expect(settings.version()).toBe(1)
    expect((await settings.versions())[0]).toMatchObject({ version: 1, who: 'file' })
  })

  it('keeps the store’s settings over an unchanged file, and applies a changed file as a new version', async () => {
    const store = createMemoryStore()
    const file = parseSettings({ title: 'File v1' })
    const first = provider(store, file)
    await first.start()
    await first.save({ ...file, title: 'Saved in the studio' }, 'password')
    first.stop()
    // A restart with the same file: the studio's save stays.
    const restarted = provider(store, parseSettings({ title: 'File v1' }))
    await restarted.start()
    expect(restarted.current().title).toBe('Saved in the studio')
    expect(restarted.version()).toBe(2)
    restarted.stop()
    // The file changed: it is applied, as a new version, once.
    const edited = provider(store, parseSettings({ title: 'File v2' }))
    await edited.start()
    expect(edited.current().title).toBe('File v2')
    expect(edited.version()).toBe(3)
    edited.stop()
    const again = provider(store, parseSettings({ title: 'File v2' }))
    await again.start()
    expect(again.version()).toBe(3)
    expect(logs.join('\n')).toMatch(/settings file changed/)
  })

  it('without a settings file, never replaces what the store holds with the defaults', async () => {
    const store = createMemoryStore()
    const file = provider(store, parseSettings({ title: 'Configured' }))
    await file.start()
    file.stop()
    const none = provider(store, parseSettings({}), false)
    await none.start()
    expect(none.current().title).toBe('Configured')
    expect(none.version()).toBe(1)
  })

  it('two instances starting together on an empty store seed it once', async () => {
    const store = createMemoryStore()
    const file = parseSettings({ title: 'Seed' })
    const all = Array.from({ length: 5 }, () => provider(store, file))
    await Promise.all(all.map((one) => one.start()))
    expect(all.map((one) => one.version())).toEqual([1, 1, 1, 1, 1])
    expect(await all[0]?.versions()).toHaveLength(1)
  })

  it('applies another instance’s save at the next poll and tells its listeners', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const store = createMemoryStore()
    const file = parseSettings({ title: 'Start' })
    const a = provider(store, file)
    const b = provider(store, file)
    await Promise.all([a.start(), b.start()])
    const seen: string[] = []
    b.onChange((next) => seen.push(String(next.title)))
    await a.save({ ...file, title: 'Saved on A' }, 'token')
    expect(b.current().title).toBe('Start')
    await vi.advanceTimersByTimeAsync(2000)
    expect(b.current().title).toBe('Saved on A')
    expect(seen).toEqual(['Saved on A'])
    await vi.advanceTimersByTimeAsync(10_000)
    expect(seen).toHaveLength(1)
  })

  it('keeps the settings in force through a store outage and a damaged record, and says so once', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const store = createMemoryStore()
    const file = parseSettings({ title: 'Good' })
    const settings = provider(store, file)
    await settings.start()
    const getRecord = vi.spyOn(store, 'getRecord').mockRejectedValue(new Error('store down'))
    await vi.advanceTimersByTimeAsync(6000)
    expect(settings.current().title).toBe('Good')
    expect(logs.filter((line) => line.includes('cannot read the store'))).toHaveLength(1)
    getRecord.mockRestore()
    await vi.advanceTimersByTimeAsync(2000)
    expect(logs.some((line) => line.includes('answers again'))).toBe(true)
    // A head naming a version whose record another Porthole wrote in a shape we cannot read.
    await store.setRecord(settingsVersionKey(2), {
      version: 2,
      savedAt: 1,
      who: 'token',
      settings: { title: 42 },
    })
    await store.setRecord(SETTINGS_HEAD_KEY, { version: 2, savedAt: 1 })
    await vi.advanceTimersByTimeAsync(2000)
    expect(settings.current().title).toBe('Good')
    expect(logs.some((line) => line.includes('does not match its schema'))).toBe(true)
  })
})

describe('settings versions under a stuck save', () => {
  it('answers busy after the wait when another instance holds the save, and saves once it is gone', async () => {
    const { createSettingsVersions } = await import('../../../server/settings/settings-versions')
    const { SETTINGS_LOCK_KEY } = await import('../../../server/store/keys')
    const { isSettingsBusyError } = await import('../../../server/settings/settings-error')
    const store = createMemoryStore()
    const versions = createSettingsVersions({ store, now: Date.now, logger, lockWaitMs: 100 })
    // An instance that died in the middle of a save holds the claim until it expires.
    expect(await store.claim(SETTINGS_LOCK_KEY, 60_000)).toBe(true)
    const error = await versions.save(parseSettings({}), 'token').catch((e: unknown) => e)
    expect(isSettingsBusyError(error)).toBe(true)
    expect(await versions.head()).toBeUndefined()
    await store.release(SETTINGS_LOCK_KEY)
    const saved = await versions.save(parseSettings({ title: 'After' }), 'token')
    expect(saved).toMatchObject({ ok: true, version: { version: 1 } })
  })
})
