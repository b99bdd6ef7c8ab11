import { useEffect, useState } from 'preact/hooks'
import type { ConversationEntry, Language, PublicConfig } from '../../../shared/widget-api'
import { translated } from '../../i18n/translations'
import type { WidgetContext } from '../../loader/context'
import { adoptStyles } from '../window/adopt-styles'
import { endSlot } from './end-slot'
import { EN_ENDED_STRINGS } from './ended-strings'

const ENDED_CSS = `
.ph-end{display:flex;flex-direction:column;gap:8px;margin:0 0 4px;padding:10px 12px;border-radius:12px;border:1px solid var(--ph-line);font-size:14px}
.ph-scores{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin:6px 0}
.ph-end .ph-ask{font-weight:600}
.ph-score{position:relative}
.ph-score input{position:absolute;opacity:0;width:1px;height:1px}
.ph-score span{display:inline-grid;place-items:center;min-width:44px;height:40px;padding:0 10px;border:1px solid var(--ph-line);border-radius:10px;font-size:18px;cursor:pointer}
.ph-score input:checked+span{border-color:var(--ph-accent);background:color-mix(in srgb,var(--ph-accent) 18%,transparent)}
.ph-score input:focus-visible+span{outline:3px solid var(--ph-accent);outline-offset:2px}
.ph-end button{align-self:flex-start;min-height:40px;padding:0 14px;border-radius:10px;border:1px solid var(--ph-accent);background:var(--ph-accent);color:var(--ph-on-accent);font:inherit;font-weight:600;cursor:pointer}
.ph-end button.ph-plain{background:none;color:inherit;border-color:var(--ph-line)}
.ph-end .ph-field{display:flex;flex-direction:column;gap:4px;margin:0;font-size:13px;color:var(--ph-muted)}
.ph-end p{margin:0}
.ph-end form{display:flex;flex-direction:column;gap:8px}
`

type Score = 'good' | 'bad' | number
type Rating = { score: Score; comment?: string }
type Props = {
  /** The end this panel is under (it shows only under endToShow's). */
  at: string
  entries: ConversationEntry[]
}

/** A refusal of the backend: its error body's code and message. */
class Refused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

// The server applies the e-mail core's strict rule; this only catches a slip early.
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The visitor wrote it (not a rating sent to the agents): a conversation is under way. */
const isMessage = (entry: ConversationEntry) =>
  entry.author === 'visitor' && !entry.clientId?.startsWith('rating-')

/**
 * The end whose rating and transcript show: the newest, unless the visitor started a new
 * conversation after it (nothing shows), or it ended a "conversation" the visitor wrote
 * nothing in but a rating (sent to the agents; the bot or the idle timeout may answer
 * and end it): then the one before.
 */
export function endToShow(entries: ConversationEntry[]): ConversationEntry | undefined {
  let i = entries.length - 1
  for (; i >= 0 && !entries[i]?.ended; i--) if (isMessage(entries[i] as ConversationEntry)) return
  while (i >= 0) {
    const end = entries[i]
    let real = false
    for (i--; i >= 0 && !entries[i]?.ended; i--) real ||= isMessage(entries[i] as ConversationEntry)
    if (real || i < 0) return end
  }
  return undefined
}

/**
 * Under the "This conversation has ended" separator of the newest ended conversation:
 * its rating (thumbs or 1–5 stars, the settings' `email.rating`, with a comment) and
 * "E-mail me the transcript" when e-mail is on (asking for the address when the profile
 * has none; an address not yet confirmed gets a link first, and the panel says so). A
 * chunk of its own, fetched when a conversation has ended.
 */
export function EndOfChat({ at, entries }: Props) {
  const context = endSlot.context as WidgetContext
  const email = endSlot.state?.get().contact.email
  const { settings, base, fetch, storage } = context
  const lang: Language = settings.lang
  const t = translated(lang)?.ended ?? EN_ENDED_STRINGS
  const id = endToShow(entries)?.id === at ? at : undefined
  const [rating, setRating] = useState<Rating>()
  const [score, setScore] = useState<Score>()
  const [comment, setComment] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [asking, setAsking] = useState(false)
  const [address, setAddress] = useState('')
  const [sentTo, setSentTo] = useState<{ to: string; confirm: boolean }>()
  // What this site offers (GET /api/config `ended`; absent: thumbs, no transcript).
  const [offer, setOffer] = useState<NonNullable<PublicConfig['ended']>>()
  const kind = offer?.rating ?? 'thumbs'

  /** The backend's JSON answer; throws Refused for a 4xx, an Error when there is none. */
  const call = async (path: string, body?: unknown): Promise<Record<string, unknown>> => {
    const [session] = await storage.getMany(['session'])
    const token = (session as { token?: string } | undefined)?.token
    const response = await fetch(`${base}api/${path}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        // GET /api/config takes none (a simple request, no preflight).
        ...(token && !path.startsWith('config') ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : null,
      credentials: 'omit',
    })
    const json = await response.json().catch(() => ({}))
    if (response.ok) return json
    if (response.status < 500 && json?.error)
      throw new Refused(String(json.error.code), String(json.error.message))
    throw new Error(`answered ${response.status}`)
  }

  // Only the panel that shows asks (one end of several).
  useEffect(() => {
    if (!id) return
    call(`config?lang=${lang}`).then(
      (config) => setOffer(config.ended ?? {}),
      () => setOffer({}),
    )
  }, [id])

  // The rating given on any device shows here too.
  useEffect(() => {
    if (!id) return
    call(`rating?conversation=${encodeURIComponent(id)}`).then(
      (answer) => {
        const found = answer.rating as Rating | null
        if (found) setRating(found)
      },
      () => {},
    )
  }, [id])

  if (!id || !offer) return null

  const run = async (work: () => Promise<void>) => {
    setBusy(true)
    setError(undefined)
    try {
      await work()
    } catch (thrown) {
      setError(
        thrown instanceof Refused
          ? thrown.code === 'invalid_email'
            ? t.badEmail
            : thrown.message
          : t.failed,
      )
    } finally {
      setBusy(false)
    }
  }

  const rate = (event: Event) => {
    event.preventDefault()
    if (score === undefined) return
    void run(async () => {
      const body = { conversation: id, score, ...(comment.trim() ? { comment } : {}) }
      try {
        setRating((await call('rating', body)).rating as Rating)
      } catch (thrown) {
        // Rated on another device meanwhile: that rating stands.
        if (!(thrown instanceof Refused && thrown.code === 'already_rated')) throw thrown
        setRating((await call(`rating?conversation=${encodeURIComponent(id)}`)).rating as Rating)
      }
    })
  }

  const transcript = (event: Event) => {
    event.preventDefault()
    const to = address.trim()
    if (!email && !asking) return setAsking(true)
    if (!email && !LOOKS_LIKE_EMAIL.test(to)) return setError(t.badEmail)
    void run(async () => {
      const answer = await call('transcript', { conversation: id, ...(email ? {} : { email: to }) })
      const sent = answer.transcript as { to?: string; state?: string } | undefined
      setSentTo({ to: sent?.to ?? email ?? to, confirm: sent?.state === 'confirm_sent' })
    })
  }

  const label = (value: Score) =>
    value === 'good' ? '👍' : value === 'bad' ? '👎' : '★'.repeat(value)
  const name = (value: Score) =>
    value === 'good' ? t.good : value === 'bad' ? t.bad : t.stars(value)
  const scores: Score[] = kind === 'stars' ? [1, 2, 3, 4, 5] : ['good', 'bad']

  return (
    <div ref={(node) => adoptStyles(node, ENDED_CSS)} class="ph-end" lang={lang}>
      {kind !== 'none' &&
        (rating ? (
          <p role="status">
            {t.rated}:{' '}
            <span role="img" aria-label={name(rating.score)}>
              {label(rating.score)}
            </span>
          </p>
        ) : (
          <form onSubmit={rate}>
            <p class="ph-ask" id={`ph-ask-${id}`}>
              {t.rate}
            </p>
            <div class="ph-scores" role="radiogroup" aria-labelledby={`ph-ask-${id}`}>
              {scores.map((value) => (
                <label class="ph-score" key={value}>
                  <input
                    type="radio"
                    name={`ph-rate-${id}`}
                    value={String(value)}
                    checked={score === value}
                    onChange={() => setScore(value)}
                    aria-label={name(value)}
                  />
                  <span aria-hidden="true">{label(value)}</span>
                </label>
              ))}
            </div>
            {score !== undefined && (
              <>
                <label class="ph-field">
                  {t.comment}
                  <textarea
                    rows={2}
                    maxLength={500}
                    value={comment}
                    onInput={(event) => setComment(event.currentTarget.value)}
                  />
                </label>
                <button type="submit" disabled={busy}>
                  {t.send}
                </button>
              </>
            )}
          </form>
        ))}
      {offer.transcript &&
        (sentTo ? (
          <p role="status">{(sentTo.confirm ? t.confirmSent : t.sent)(sentTo.to)}</p>
        ) : (
          <form onSubmit={transcript} noValidate>
            {asking && !email && (
              <label class="ph-field">
                {t.email}
                <input
                  type="email"
                  autoComplete="email"
                  required
                  value={address}
                  onInput={(event) => setAddress(event.currentTarget.value)}
                />
              </label>
            )}
            <button type="submit" class={asking ? '' : 'ph-plain'} disabled={busy}>
              {asking ? t.sendTranscript : t.transcript}
            </button>
          </form>
        ))}
      {error && (
        <p class="ph-failed" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
