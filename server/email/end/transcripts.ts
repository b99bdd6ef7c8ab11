import { createHash } from 'node:crypto'
import type { Settings } from '../../../shared/settings/settings-file'
import type { EmailConfig } from '../../config/parse-email'
import type { Logger } from '../../logging/logger'
import { readProfile } from '../../session/profile'
import { emailLockKey, transcriptItemKey } from '../../store/keys'
import type { Store } from '../../store/types'
import { withClaim } from '../../store/with-claim'
import type { MailItem } from '../mail-item'
import type { MailOutbox } from '../mail-outbox'
import { emailLanguage } from '../render/email-language'
import { renderTranscript } from '../render/render-transcript'
import { conversationBefore } from './ended-conversation'

export type TranscriptOptions = {
  store: Store
  outbox: MailOutbox
  email: EmailConfig
  publicUrl: string
  settings: () => Settings
  logger: Logger
  now: () => number
  keepMs: number
}

export type Transcripts = ReturnType<typeof createTranscripts>

const hash = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 24)

const hostOf = (url: string) => {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}

/**
 * End-of-chat transcripts by e-mail. One e-mail per ended conversation and address: its
 * outbox key and Message-ID derive from both, so a request repeated (the widget retrying
 * a lost answer, a second click, another instance) finds the same e-mail instead of a
 * second one. Stored in the e-mail outbox before its first attempt, retried like any.
 *
 * @example const { state } = await transcripts.request(visitorId, endedEntry.id, 'ann@example.com')
 */
export function createTranscripts(options: TranscriptOptions) {
  const { store, outbox, logger, now } = options
  const domain = options.email.fromAddress.slice(options.email.fromAddress.lastIndexOf('@') + 1)

  /** Queues the transcript (once) and makes its first attempt in the background. */
  async function request(
    visitorId: string,
    endedId: string,
    to: string,
  ): Promise<{ state: MailItem['state']; queued: boolean }> {
    const id = hash(`${endedId}\n${to.trim().toLowerCase()}`)
    const key = transcriptItemKey(visitorId, id)
    // One try: a request composing it already is as good as this one.
    const once = { ttl: 60_000, onTimeout: 'skip' } as const
    const result = await withClaim(store, emailLockKey(`compose:${key}`), once, async () => {
      const stored = await outbox.read(key)
      if (stored) return { item: stored, queued: false }
      const settings = options.settings()
      const profile = await readProfile(store, visitorId)
      const entries = await conversationBefore(store, visitorId, endedId)
      const rendered = renderTranscript(entries, {
        lang: emailLanguage({
          visitor: profile.lang,
          widget: settings.lang,
          defaultLang: settings.defaultLang,
        }),
        site: options.email.fromName ?? hostOf(settings.email.continueUrl ?? options.publicUrl),
        color: settings.color,
        publicUrl: options.publicUrl,
      })
      const item: MailItem = {
        visitorId,
        n: 1,
        messageId: `<transcript.${id}@${domain}>`,
        to,
        ...rendered,
        headers: { 'Auto-Submitted': 'auto-generated' },
        entryIds: [endedId, ...entries.map((entry) => entry.id)],
        state: 'pending',
        createdAt: now(),
        attempts: 0,
        nextAttemptAt: now(),
      }
      await outbox.add(key, item)
      logger.info('transcript queued', { visitorId, messages: entries.length })
      return { item, queued: true }
    })
    // Held by a concurrent repeat of this request: it stores the one e-mail.
    if (!result.held) return { state: 'pending', queued: false }
    const { item, queued } = result.value
    if (queued) {
      // Answered now; the first attempt follows (the e-mail sweep is the safety net).
      void outbox
        .deliver(key, true)
        .catch((error: unknown) => logger.error('transcript: first attempt failed', { error }))
    }
    return { state: item.state, queued }
  }

  return { request }
}
