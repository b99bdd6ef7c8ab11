import { Hono, type MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { EMAIL_PROBLEM, isEmailAddress, normalizeAddress } from '../../shared/contact-rules'
import { EntryId } from '../../shared/widget-api'
import type { AppDeps } from '../app-deps'
import { endedEntryOf } from '../conversation/ended-conversation'
import { MAX_RATING_CHANGES, RatingRequest, scoreProblem } from '../conversation/rating-rules'
import { createRatings } from '../conversation/ratings'
import { apiError } from '../http/api-error'
import type { AppEnv, VisitorEnv } from '../http/app-env'
import { clientIp } from '../http/client-ip'
import { jsonBody } from '../http/json-body'
import { enforceRate } from '../http/limits'
import { perMinuteLimiter } from '../http/rate-limit'
import type { Runtime } from '../runtime'
import { confirmedEmail, readProfile, saveContact } from '../session/profile'

/** POST /api/transcript body: the ended conversation, and an address when the profile has none. */
export const TranscriptRequest = z.object({
  conversation: EntryId,
  email: z.string().trim().max(320).optional(),
})

/** 429: the address had its e-mails for the day (EMAIL_*_PER_ADDRESS_PER_DAY). */
const recipientCapped = () =>
  apiError(
    429,
    'recipient_limit',
    'email: this address has had as many e-mails from this site as it takes in a day; try again tomorrow.',
    { 'retry-after': String(24 * 3600) },
  )

/** Ratings and transcripts a visitor may ask for a minute (each its own budget). */
const RATINGS_PER_MINUTE = 10
const TRANSCRIPTS_PER_MINUTE = 5

/**
 * When a conversation ends: POST /api/rating {conversation, score, comment?} (the first
 * stores it, 201; another score or a comment changes it, 200; the same again is a retry,
 * 200), GET
 * /api/rating?conversation= (the rating on every device) and POST /api/transcript
 * {conversation, email?}, behind the visitor's token. `conversation` is the id of the
 * entry that ended it. See docs/integrators/http-api.md.
 */
export function endOfChatRoutes(
  deps: AppDeps,
  runtime: Runtime,
  auth: MiddlewareHandler<VisitorEnv>,
) {
  const { config, store, logger, now } = deps
  const keepMs = config.retention.maxAgeMs
  const ratings = createRatings({
    store,
    outbox: runtime.outbox,
    registry: runtime.metrics.registry,
    logger,
    now,
    keepMs: config.retention.kinds.ratings,
  })
  const { transcripts, confirmations, waiting } = runtime.email
  const limiter = (name: string, limit: number) => perMinuteLimiter(store, logger, name, limit)
  const perIp = limiter('end-of-chat-per-ip', config.rateLimits.messagesPerIpPerMinute)
  const ratingsPerVisitor = limiter('ratings-per-visitor', RATINGS_PER_MINUTE)
  const transcriptsPerVisitor = limiter('transcripts-per-visitor', TRANSCRIPTS_PER_MINUTE)
  const ip = (c: Parameters<typeof clientIp>[0]) => clientIp(c, config.trustProxy)
  /** The route's limit per visitor (`what` names it in the 429), then the limit per address. */
  const limited =
    (perVisitor: typeof perIp, what: string): MiddlewareHandler<VisitorEnv> =>
    async (c, next) => {
      await enforceRate(perVisitor, c.get('visitor').visitorId, what)
      await enforceRate(perIp, ip(c), 'requests from this address')
      await next()
    }

  async function endedOrThrow(visitorId: string, id: string) {
    const found = await endedEntryOf(store, visitorId, id)
    if (found.kind === 'ended') return found.entry
    if (found.kind === 'unknown')
      throw apiError(
        400,
        'invalid_request',
        'conversation: not an entry of your conversation; send the id of the entry that ended it.',
      )
    throw apiError(
      409,
      'not_ended',
      'This conversation has not ended: it can be rated and e-mailed once it has.',
    )
  }

  return new Hono<AppEnv>()
    .use('/rating', auth)
    .use('/transcript', auth)
    .get('/rating', async (c) => {
      const { visitorId } = c.get('visitor')
      const id = EntryId.safeParse(c.req.query('conversation'))
      if (!id.success)
        throw apiError(
          400,
          'invalid_request',
          'conversation: send the id of the entry that ended it.',
        )
      const rating = await ratings.read(visitorId, id.data)
      return c.json({ rating: rating ?? null })
    })
    .post(
      '/rating',
      limited(ratingsPerVisitor, 'ratings'),
      jsonBody(RatingRequest, 4 * 1024),
      async (c) => {
        const { visitorId } = c.get('visitor')
        const request = c.req.valid('json')
        const settings = runtime.settings.current().email
        const problem = scoreProblem(request.score, settings.rating)
        if (problem)
          throw apiError(
            settings.rating === 'none' ? 409 : 400,
            settings.rating === 'none' ? 'rating_off' : 'invalid_request',
            problem,
          )
        await endedOrThrow(visitorId, request.conversation)
        const result = await ratings.rate(visitorId, request, {
          toAgents: settings.ratingToAgents,
        })
        if (result.outcome === 'busy')
          throw apiError(
            503,
            'busy',
            'This rating is being stored by another request; send it again in a moment.',
            { 'retry-after': '2' },
          )
        if (result.outcome === 'refused')
          throw apiError(
            409,
            'already_rated',
            `This conversation's rating was changed as often as it may be (${MAX_RATING_CHANGES} times); the last one stands.`,
          )
        return c.json({ rating: result.rating }, result.outcome === 'stored' ? 201 : 200)
      },
    )
    .post(
      '/transcript',
      limited(transcriptsPerVisitor, 'transcripts'),
      jsonBody(TranscriptRequest, 4 * 1024),
      async (c) => {
        if (!transcripts)
          throw apiError(
            503,
            'email_off',
            'E-mail is off on this site: transcripts cannot be sent.',
          )
        const { visitorId } = c.get('visitor')
        const request = c.req.valid('json')
        const ended = await endedOrThrow(visitorId, request.conversation)
        const profile = await readProfile(store, visitorId)
        const known = profile.contact.email?.trim()
        // Transcripts go to the visitor's own address: one given here only when there is none.
        if (request.email && known && normalizeAddress(request.email) !== normalizeAddress(known))
          throw apiError(
            409,
            'other_address',
            `email: transcripts go to the address in your contact details (${known}); change it there first.`,
          )
        const to = known || request.email
        if (!to)
          throw apiError(400, 'email_required', 'email: no address is known for you: send one.')
        if (!isEmailAddress(to)) throw apiError(400, 'invalid_email', `email: ${EMAIL_PROBLEM}`)
        // An address given where the profile has none becomes the visitor's (no device asks again).
        if (!known) await saveContact(store, visitorId, { email: to }, keepMs)
        if (!(await transcripts.bind(visitorId, ended.id, to)))
          throw apiError(
            409,
            'transcript_sent',
            'The transcript of this conversation went to another address already (one address per conversation).',
          )
        if (confirmedEmail(profile)) {
          const { state } = await transcripts.request(visitorId, ended.id, to)
          if (state === 'capped') throw recipientCapped()
          return c.json({ transcript: { to, state } }, 202)
        }
        // Not confirmed yet: a link goes to the address first; the transcript follows the click.
        if ((await waiting.add(visitorId, ended.id, to)) === 'new') {
          const asked = await confirmations?.askNow(visitorId, to, 'transcript', [ended.id])
          if (asked === 'capped') throw recipientCapped()
          if (asked === 'unsubscribed')
            throw apiError(
              409,
              'unsubscribed',
              'email: this address unsubscribed from our e-mails; no transcript can go to it.',
            )
        }
        return c.json({ transcript: { to, state: 'confirm_sent' } }, 202)
      },
    )
}
