import type { Settings } from '../../shared/settings/settings-file'
import type { Logger } from '../logging/logger'
import type { Claims, Records } from '../store/types'
import {
  createSettingsVersions,
  type SavedBy,
  type SaveResult,
  type SettingsVersions,
} from './settings-versions'

export type SettingsProviderOptions = {
  store: Records & Claims
  /** The settings file's (or the defaults): in force until start(), and the seed of an empty store. */
  initial: Settings
  /** True when `initial` came from a settings file (a changed file is applied at start). */
  fromFile: boolean
  now: () => number
  logger: Logger
  /** How often the store is asked whether another instance saved; default 2 s. */
  pollMs?: number
  /** Versions kept; default 100. */
  keep?: number
}

/**
 * The site owner's settings now in force, for everything that reads them (/api/config,
 * widget.js, the bot). They live in the store as versions; a save on this instance
 * applies at once, one on another instance within `pollMs` (one small record read).
 *
 * @example
 * const settings = createSettingsProvider({ store, initial, fromFile: true, now, logger })
 * await settings.start()
 * settings.onChange((next) => rebuild(next))
 */
export function createSettingsProvider(options: SettingsProviderOptions) {
  const { logger } = options
  const pollMs = options.pollMs ?? 2000
  const versions: SettingsVersions = createSettingsVersions({
    store: options.store,
    now: options.now,
    logger,
    ...(options.keep !== undefined ? { keep: options.keep } : {}),
  })
  let current = options.initial
  let version: number | undefined
  const listeners = new Set<(settings: Settings) => void>()
  let timer: NodeJS.Timeout | undefined
  let starting: Promise<void> | undefined
  let failing = false

  function apply(next: Settings, nextVersion: number): void {
    if (version !== undefined && nextVersion <= version) return
    current = next
    version = nextVersion
    for (const listener of listeners) {
      try {
        listener(next)
      } catch (error) {
        logger.error('settings: a change listener failed', { error })
      }
    }
  }

  /** Reads the head and applies a newer version (saved by any instance). */
  async function refresh(): Promise<void> {
    const head = await versions.head()
    if (!head || head.version === version) return
    const record = await versions.load(head.version)
    if (!record) {
      logger.error('settings: the version in force is missing from the store', {
        version: head.version,
      })
      return
    }
    apply(record.settings, record.version)
  }

  async function poll(): Promise<void> {
    try {
      await refresh()
      if (failing) logger.info('settings: the store answers again')
      failing = false
    } catch (error) {
      if (!failing)
        logger.warn('settings: cannot read the store; keeping the current settings', { error })
      failing = true
    }
  }

  const applied = (result: SaveResult): SaveResult => {
    if (result.ok) apply(result.settings, result.version.version)
    return result
  }

  return {
    /** The settings in force. */
    current: (): Settings => current,
    /** Their version; undefined before start(). */
    version: (): number | undefined => version,
    /** Calls `listener` with the new settings after each change; returns the unsubscribe. */
    onChange(listener: (settings: Settings) => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    /** Seeds an empty store, loads the version in force and starts polling; once. */
    start(): Promise<void> {
      starting ??= (async () => {
        await versions.seed(options.initial, options.fromFile)
        await refresh()
        timer = setInterval(() => void poll(), pollMs)
        timer.unref()
      })()
      return starting
    },
    stop(): void {
      if (timer) clearInterval(timer)
      timer = undefined
    },
    refresh: poll,
    versions: () => versions.list(),
    load: (n: number) => versions.load(n),
    async save(settings: Settings, who: SavedBy, ifMatch?: number): Promise<SaveResult> {
      return applied(await versions.save(settings, who, ifMatch))
    },
    async restore(n: number, who: SavedBy): Promise<SaveResult> {
      return applied(await versions.restore(n, who))
    },
  }
}
export type SettingsProvider = ReturnType<typeof createSettingsProvider>
