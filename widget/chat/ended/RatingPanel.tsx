import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks'
import { type EndCall, Refused } from './end-call'
import type { EndedStrings } from './ended-strings'
import { reveal } from './reveal'

type Score = 'good' | 'bad' | number
type Rating = { score: Score; comment?: string }
type Props = {
  /** The entry that ended the conversation. */
  id: string
  kind: 'thumbs' | 'stars'
  t: EndedStrings
  call: EndCall
}

/** A "busy" answer (another request storing this rating) is tried again this often. */
const BUSY_TRIES = 3
const BUSY_WAIT_MS = 2000

/** The message for a failure: the backend's own for a refusal, else "try again". */
export const failureText = (thrown: unknown, t: EndedStrings) =>
  thrown instanceof Refused && thrown.status < 500 ? thrown.message : t.failed

/**
 * The rating of an ended conversation: a tap on 👍/👎 (or a star) stores it at once
 * (POST /api/rating, a request that outlives the page), so a visitor who taps and leaves
 * has rated; another tap changes it. Then an optional comment is added to the same
 * rating. Taps go one at a time, the newest last; what opens is brought into view.
 */
export function RatingPanel({ id, kind, t, call }: Props) {
  const [rating, setRating] = useState<Rating>()
  const [tapped, setTapped] = useState<Score>()
  const [comment, setComment] = useState('')
  const [error, setError] = useState<{ at: 'scores' | 'comment'; text: string }>()
  const [busy, setBusy] = useState(false)
  const box = useRef<HTMLTextAreaElement>(null)
  const thanks = useRef<HTMLParagraphElement>(null)
  const alert = useRef<HTMLParagraphElement>(null)
  // What to bring into view after the next render: the box the tap opened, the thanks.
  const toReveal = useRef<'box' | 'thanks' | undefined>(undefined)
  const queue = useRef<{ sending: boolean; next?: Score }>({ sending: false })

  // The rating given on any device shows here too.
  useEffect(() => {
    call(`rating?conversation=${encodeURIComponent(id)}`).then(
      (answer) => {
        const found = answer.rating as Rating | null
        if (found) setRating(found)
      },
      () => {},
    )
  }, [id])

  useLayoutEffect(() => {
    // Once it is drawn (another render may come first).
    const node = toReveal.current === 'box' ? box.current : thanks.current
    if (toReveal.current && node) {
      reveal(node)
      toReveal.current = undefined
    }
    if (error) reveal(alert.current, false)
  })

  /** POST /api/rating, tried again while another request is storing it. */
  const post = async (body: Record<string, unknown>): Promise<Rating> => {
    for (let tries = 1; ; tries++) {
      try {
        return (await call('rating', body, { keepalive: true })).rating as Rating
      } catch (thrown) {
        if (!(thrown instanceof Refused && thrown.code === 'busy' && tries < BUSY_TRIES))
          throw thrown
        await new Promise((resolve) => setTimeout(resolve, BUSY_WAIT_MS))
      }
    }
  }

  /** The visitor's taps, stored one at a time; a tap during a request waits, the newest wins. */
  const tap = async (score: Score) => {
    setTapped(score)
    setError(undefined)
    const line = queue.current
    line.next = score
    if (line.sending) return
    line.sending = true
    try {
      while (line.next !== undefined) {
        const next = line.next
        line.next = undefined
        try {
          const stored = await post({ conversation: id, score: next })
          setRating((before) => {
            if (!before && !stored.comment) toReveal.current = 'box'
            return stored
          })
        } catch (thrown) {
          // The changes ran out (or another device's stands): show the one stored.
          if (thrown instanceof Refused && thrown.code === 'already_rated')
            await call(`rating?conversation=${encodeURIComponent(id)}`).then(
              (answer) => setRating(answer.rating as Rating),
              () => {},
            )
          if (line.next === undefined) setTapped(undefined)
          setError({ at: 'scores', text: failureText(thrown, t) })
        }
      }
    } finally {
      line.sending = false
    }
  }

  const addComment = async (event: Event) => {
    event.preventDefault()
    const text = comment.trim()
    if (!rating || !text) return reveal(box.current)
    setBusy(true)
    setError(undefined)
    try {
      setRating(await post({ conversation: id, score: rating.score, comment: text }))
      toReveal.current = 'thanks'
    } catch (thrown) {
      setError({ at: 'comment', text: failureText(thrown, t) })
    } finally {
      setBusy(false)
    }
  }

  const label = (value: Score) =>
    value === 'good' ? '👍' : value === 'bad' ? '👎' : '★'.repeat(value)
  const name = (value: Score) =>
    value === 'good' ? t.good : value === 'bad' ? t.bad : t.stars(value)
  const scores: Score[] = kind === 'stars' ? [1, 2, 3, 4, 5] : ['good', 'bad']
  const shown = tapped ?? rating?.score
  const errorId = `ph-rate-error-${id}`
  const problem = (at: 'scores' | 'comment') =>
    error?.at === at && (
      <p class="ph-failed" id={errorId} role="alert" ref={alert}>
        {error.text}
      </p>
    )
  const describedBy = (at: 'scores' | 'comment') => (error?.at === at ? errorId : undefined)

  return (
    <>
      <fieldset class="ph-rate" aria-describedby={describedBy('scores')}>
        <legend class="ph-ask">{t.rate}</legend>
        <div class="ph-scores">
          {scores.map((value) => (
            <button
              type="button"
              class="ph-score"
              key={value}
              aria-label={name(value)}
              aria-pressed={shown === value}
              onClick={() => void tap(value)}
            >
              <span aria-hidden="true">{label(value)}</span>
            </button>
          ))}
        </div>
      </fieldset>
      {problem('scores')}
      {rating && (
        <p role="status" tabIndex={-1} ref={thanks}>
          {t.rated}
        </p>
      )}
      {rating && !rating.comment && (
        <form onSubmit={addComment}>
          <label class="ph-field">
            {t.comment}
            <textarea
              ref={box}
              rows={2}
              maxLength={500}
              value={comment}
              aria-describedby={describedBy('comment')}
              aria-invalid={error?.at === 'comment' ? true : undefined}
              onInput={(event) => setComment(event.currentTarget.value)}
            />
          </label>
          {problem('comment')}
          <button type="submit" disabled={busy}>
            {t.send}
          </button>
        </form>
      )}
    </>
  )
}
