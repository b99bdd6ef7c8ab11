import type { Hono } from 'hono'
import type { Settings } from '../shared/settings/settings-file'
import type { Config } from './config/config'
import type { MailTransport } from './email/smtp-transport'
import type { Logger } from './logging/logger'
import type { PortholeMetrics } from './metrics/porthole-metrics'
import type { Store } from './store/types'
import type { DiskSpace } from './uploads/disk-space'
import type { FileStore } from './uploads/file-store'
import type { ImageQueue } from './uploads/image-queue'

/** Everything the app needs from outside; tests pass fakes (fetch, clock, store). */
export type AppDeps = {
  config: Config
  settings: Settings
  store: Store
  /** Used for every call to the conversation service. */
  fetch: typeof fetch
  now: () => number
  /** A clock that never steps, compared with `now` by retention (default performance.now). */
  monotonic?: () => number
  logger: Logger
  /** The bot provider's routes, mounted at /bot (supplied by server/bot/). */
  bot?: { routes: Hono }
  /** Extra pages mounted at / after every other route (the demo host site). */
  site?: { routes: Hono }
  /** The built widget (default: dist/widget of the repository). */
  staticDir?: string
  metrics?: PortholeMetrics
  /** Where attachments are kept (default: the folder UPLOAD_DIR). */
  files?: FileStore
  /** Free disk space (default: the operating system's); tests fake a full disk. */
  diskSpace?: DiskSpace
  /** The queue of image work (default: one per process). */
  imageQueue?: ImageQueue
  /**
   * E-mail's links made by the other e-mail parts (the resume link, the reply address)
   * and, for tests, a transport instead of SMTP_URL's and the sweep's pace.
   */
  email?: {
    resumeUrl?: (visitorId: string) => Promise<string>
    replyTo?: (visitorId: string) => string | undefined
    transport?: MailTransport
    sweepMs?: number
  }
}
