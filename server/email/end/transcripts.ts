import { createHash } from 'node:crypto'
import { z } from 'zod'
import { normalizeAddress } from '../../../shared/contact-rules'
import type { Settings } from '../../../shared/settings/settings-file'
import type { EmailConfig } from '../../config/parse-email'
import { conversationBefore } from '../../conversation/ended-conversation'
import type { Logger } from '../../logging/logger'
import { readProfile } from '../../session/profile'
import { emailLockKey, transcriptItemKey, transcriptToKey } from '../../store/keys'
import type { Store } from '../../store/types'
import { withClaim } from '../../store/with-claim'
import type { RecipientCap } from '../confirm/recipient-cap'
import type { MailItem } from '../mail-item'
import type { MailOutbox } from '../mail-outbox'
import { emailLanguage } from '../render/email-language'
import { renderTranscript } from '../render/render-transcript'
import { unsubscribeHeaders } from '../unsubscribe-headers'

export type TranscriptOptions = {
  store: Store
  outbox: MailOutbox
  email: EmailConfig
  publicUrl: string
  settings: () => Settings
  logger: Logger
  now: () => number
  /** E-mails per address a day (EMAIL_MAX_PER_ADDRESS_PER_DAY), shared with missed replies. */
  cap: RecipientCap
  /** The lasting unsubscribe link of the visitor's address. */
  unsubscribeUrl: (visitorId: string, address: string) => string
}

/** What a request came to: the e-mail's state, or `capped` (the address had its e-mails today). */
export type TranscriptState = MailItem['state'] | 'capped'

const Bound = z.object({ address: z.string() })

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
 * The caller sends it only to the visitor's confirmed address (end-routes.ts); a
 * conversation's transcript goes to one address (bind), at most the address's daily cap.
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
  ): Promise<{ state: TranscriptState; queued: boolean }> {
    const id = hash(`${endedId}\n${to.trim().toLowerCase()}`)
    const key = transcriptItemKey(visitorId, id)
    // One try: a request composing it already is as good as this one.
    const once = { ttl: 60_000, onTimeout: 'skip' } as const
    const result = await withClaim(store, emailLockKey(`compose:${key}`), once, async () => {
      const stored = await outbox.read(key)
      if (stored) return { item: stored, queued: false }
      if (!(await options.cap.take(to))) return { item: undefined, queued: false }
      const settings = options.settings()
      const unsubscribe = options.unsubscribeUrl(visitorId, to)
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
        unsubscribeUrl: unsubscribe,
      })
      const item: MailItem = {
        visitorId,
        n: 1,
        messageId: `<transcript.${id}@${domain}>`,
        to,
        ...rendered,
        headers: unsubscribeHeaders(unsubscribe),
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
    if (!item) return { state: 'capped', queued: false }
    if (queued) {
      // Answered now; the first attempt follows (the e-mail sweep is the safety net).
      void outbox
        .deliver(key, true)
        .catch((error: unknown) => logger.error('transcript: first attempt failed', { error }))
    }
    return { state: item.state, queued }
  }

  /**
   * Ties the ended conversation's transcript to `to`: true when it is that address (or
   * was tied to none yet), false when it went to another already.
   */
  async function bind(visitorId: string, endedId: string, to: string): Promise<boolean> {
    const key = transcriptToKey(visitorId, endedId)
    const bound = await store.getRecord(key, Bound)
    if (bound) return normalizeAddress(bound.address) === normalizeAddress(to)
    await store.setAgedRecord(key, { address: to }, 'emails', now())
    return true
  }

  return { request, bind }
}
