import { createHash } from 'node:crypto'
import { z } from 'zod'
import { type Settings, SettingsFile } from '../../shared/settings/settings-file'
import type { Logger } from '../logging/logger'
import {
  SETTINGS_HEAD_KEY,
  SETTINGS_LOCK_KEY,
  SETTINGS_LOG_KEY,
  SETTINGS_SEED_KEY,
  settingsVersionKey,
} from '../store/keys'
import type { Claims, Records } from '../store/types'
import { withClaim } from '../store/with-claim'
import { SettingsBusyError } from './settings-error'

/** Who saved a version: the studio's password login, the API token, or the settings file. */
export const SAVED_BY = ['password', 'token', 'file'] as const
export type SavedBy = (typeof SAVED_BY)[number]

/** The version in force: the one small record every instance polls. */
const Head = z.object({ version: z.number().int().positive(), savedAt: z.number() })
type Head = z.infer<typeof Head>

export const VersionInfo = z.object({
  version: z.number().int().positive(),
  savedAt: z.number(),
  who: z.enum(SAVED_BY),
  /** Set when this version restored an older one. */
  restoredFrom: z.number().int().positive().optional(),
})
export type VersionInfo = z.infer<typeof VersionInfo>

const VersionRecord = VersionInfo.extend({ settings: SettingsFile })
const VersionLog = z.array(VersionInfo)
const Seed = z.object({ hash: z.string() })

export type SaveResult =
  | { ok: true; version: VersionInfo; settings: Settings }
  | { ok: false; reason: 'stale'; current: number | undefined }
  | { ok: false; reason: 'not_found' }

export type SettingsVersionsOptions = {
  store: Records & Claims
  now: () => number
  logger: Logger
  /** Versions kept (older ones are deleted); default 100. */
  keep?: number
  /** How long a save waits for another instance's save to finish; default 5 s. */
  lockWaitMs?: number
}

const LOCK_TTL_MS = 15_000
const LOCK_RETRY_MS = 25

/** A stable fingerprint of settings (what the file held when it was last applied). */
export function settingsHash(settings: Settings): string {
  return createHash('sha256').update(JSON.stringify(settings)).digest('base64url')
}

/**
 * Settings versions in the store: version records numbered from 1, the list of the
 * newest `keep`, and a head record naming the one in force, written last (so a crash
 * mid-save leaves the previous version in force). Saves are serialised across
 * instances by a claim.
 */
export function createSettingsVersions(options: SettingsVersionsOptions) {
  const { store, now, logger } = options
  const keep = options.keep ?? 100
  const lockWaitMs = options.lockWaitMs ?? 5000
  const mismatch = (what: string) => (error: z.ZodError) =>
    logger.error('settings: a stored record does not match its schema', {
      record: what,
      problem: error.issues[0]?.message,
    })

  // Saves take turns across instances: wait for the one before (in real time, not `now`,
  // which tests may fix); still busy after the wait: the caller answers 503, try again.
  function locked<T>(work: () => Promise<T>, waitMs = lockWaitMs): Promise<T> {
    const policy = {
      ttl: LOCK_TTL_MS,
      wait: { forMs: waitMs, everyMs: LOCK_RETRY_MS },
      onTimeout: () => new SettingsBusyError(),
    }
    return withClaim(store, SETTINGS_LOCK_KEY, policy, work)
  }

  const head = (): Promise<Head | undefined> =>
    store.getRecord(SETTINGS_HEAD_KEY, Head, mismatch('head'))

  async function list(): Promise<VersionInfo[]> {
    return (await store.getRecord(SETTINGS_LOG_KEY, VersionLog, mismatch('log'))) ?? []
  }

  async function load(version: number) {
    return store.getRecord(
      settingsVersionKey(version),
      VersionRecord,
      mismatch(`version ${version}`),
    )
  }

  // Under the lock: the next version after the head, written before the head moves.
  async function append(
    settings: Settings,
    who: SavedBy,
    current: Head | undefined,
    restoredFrom?: number,
  ): Promise<VersionInfo> {
    const info: VersionInfo = {
      version: (current?.version ?? 0) + 1,
      savedAt: now(),
      who,
      ...(restoredFrom !== undefined ? { restoredFrom } : {}),
    }
    await store.setRecord(settingsVersionKey(info.version), { ...info, settings })
    const log = [info, ...(await list()).filter((entry) => entry.version < info.version)]
    await store.setRecord(SETTINGS_LOG_KEY, log.slice(0, keep))
    await store.setRecord(SETTINGS_HEAD_KEY, { version: info.version, savedAt: info.savedAt })
    for (const dropped of log.slice(keep))
      await store.deleteRecord(settingsVersionKey(dropped.version))
    return info
  }

  return {
    head,
    list,
    load,

    /** Saves `settings` as the next version; with `ifMatch`, only when that version is in force. */
    save(settings: Settings, who: SavedBy, ifMatch?: number): Promise<SaveResult> {
      return locked(async () => {
        const current = await head()
        if (ifMatch !== undefined && current?.version !== ifMatch)
          return { ok: false, reason: 'stale', current: current?.version }
        return { ok: true, version: await append(settings, who, current), settings }
      })
    },

    /** Makes an older version the one in force, as a new version. */
    restore(version: number, who: SavedBy): Promise<SaveResult> {
      return locked(async () => {
        const record = await load(version)
        if (!record) return { ok: false, reason: 'not_found' }
        const current = await head()
        const info = await append(record.settings, who, current, version)
        return { ok: true, version: info, settings: record.settings }
      })
    },

    /**
     * At start: the file's settings become version 1 of an empty store; with `fromFile`,
     * a file whose content changed since it was last applied becomes a new version.
     */
    seed(settings: Settings, fromFile: boolean): Promise<void> {
      return locked(async () => {
        const hash = settingsHash(settings)
        const current = await head()
        const seeded = await store.getRecord(SETTINGS_SEED_KEY, Seed, mismatch('seed'))
        if (current && (!fromFile || seeded?.hash === hash)) return
        const info = await append(settings, 'file', current)
        if (fromFile) await store.setRecord(SETTINGS_SEED_KEY, { hash })
        if (current)
          logger.info('settings: the settings file changed, applied as a new version', {
            version: info.version,
          })
        // At start, outlast the claim of an instance that died mid-save rather than fail.
      }, LOCK_TTL_MS + lockWaitMs)
    },
  }
}
export type SettingsVersions = ReturnType<typeof createSettingsVersions>
