import { readAlias } from '../session/alias'
import { generationHolds, readGeneration } from '../session/generation'
import { readProfile } from '../session/profile'
import { CLOCK_SKEW_MS } from '../session/session-check'
import type { Visitor } from '../session/token'
import { isGuestVisitorId, isUserVisitorId } from '../session/visitor-id'
import type { Records } from '../store/types'
import { resumeTarget } from './resume-target'
import { issueResumeToken, readResumeToken, resumeKey } from './resume-token'

const DAY = 86_400_000
/** `email.linkDays` when the settings give none. */
export const DEFAULT_LINK_DAYS = 7

/**
 * What a resume token opens, as POST /api/session {resume} answers it:
 * - `ok`: the guest it names (a fresh visitor credential of theirs is issued);
 * - `identify`: a verified user's conversation (or a guest's merged into one): opened
 *   only where the site identifies that user again, never by the link alone;
 * - `expired`, `revoked` (DELETE /api/session since it was made, or an exchange: then
 *   resume-session.ts tells a spent link), `invalid` (malformed or tampered): the visitor
 *   gets a new conversation and a short note.
 */
export type ResumeOutcome =
  | { kind: 'ok'; visitor: Visitor; expiresAt: number }
  | { kind: 'identify' }
  /** Signed out since, or spent (resume-exchange.ts tells which): `expiresAt` bounds what it keeps. */
  | { kind: 'revoked'; visitorId: string; expiresAt: number }
  | { kind: 'expired' | 'invalid' }

export type ResumeLinks = {
  /**
   * The "Continue the conversation" link of an e-mail to `visitorId`:
   * `<PUBLIC_URL>/r/<token>`, valid for `email.linkDays` (at most SESSION_TTL_DAYS), until
   * it is exchanged once (resume-exchange.ts) or the visitor signs out. Opening it (GET)
   * spends nothing.
   */
  createResumeUrl(input: { visitorId: string }): Promise<string>
  /** What a token opens now (POST /api/session {resume}). */
  check(token: string): Promise<ResumeOutcome>
  /** Where GET /r/<token> sends the browser: a page of the site, with `#porthole-resume=<token>`. */
  target(token: string): Promise<string>
}

/**
 * Resume links: signed with a key derived from SESSION_SECRET, checked against the
 * visitor's credential generation in the shared store (so a sign-out anywhere ends them
 * on every instance).
 *
 * @example
 * const links = createResumeLinks({ secret: config.sessionSecret, publicUrl: config.publicUrl, store, now: Date.now, sessionTtlMs: config.sessionTtlMs, allowedOrigins: config.allowedOrigins })
 * const url = await links.createResumeUrl({ visitorId }) // https://chat.example/r/r1.…
 */
export function createResumeLinks(options: {
  /** SESSION_SECRET: the links' key is derived from it under a label of its own. */
  secret: string
  /** PUBLIC_URL: the links point at the backend's GET /r/<token>. */
  publicUrl: string
  store: Records
  now: () => number
  /** The credential lifetime (SESSION_TTL_DAYS): no link outlives it. */
  sessionTtlMs: number
  /** ALLOWED_ORIGINS: the only origins a link opens. */
  allowedOrigins: readonly string[]
  /** `email.linkDays`, read for each link made; undefined: DEFAULT_LINK_DAYS. */
  linkDays?: () => number | undefined
  /** `email.continueUrl`, read for each redirect; undefined: the visitor's last page. */
  continueUrl?: () => string | undefined
}): ResumeLinks {
  const { store, now, sessionTtlMs, allowedOrigins } = options
  if (!options.secret) throw new Error('createResumeLinks: the secret (SESSION_SECRET) is empty')
  const key = resumeKey(options.secret)
  const base = options.publicUrl.replace(/\/+$/, '')
  if (!/^https?:\/\//.test(base))
    throw new Error(`createResumeLinks: PUBLIC_URL "${options.publicUrl}" is not an http(s) URL`)

  /** The link's lifetime in ms: email.linkDays, never longer than a credential's. */
  function lifetimeMs(): number {
    const days = options.linkDays?.()
    const valid = days !== undefined && Number.isInteger(days) && days >= 1
    // A revocation record lives one credential lifetime: a link must not outlive it.
    return Math.min((valid ? days : DEFAULT_LINK_DAYS) * DAY, sessionTtlMs)
  }

  return {
    async createResumeUrl({ visitorId }) {
      if (!isGuestVisitorId(visitorId) && !isUserVisitorId(visitorId))
        throw new Error(`createResumeUrl: "${visitorId}" is not a visitor id`)
      const generation = (await readGeneration(store, visitorId)) ?? 0
      const token = issueResumeToken(key, {
        visitorId,
        expiresAt: now() + lifetimeMs(),
        generation,
      })
      return `${base}/r/${token}`
    },

    async check(token) {
      const claims = readResumeToken(key, token)
      if (!claims) return { kind: 'invalid' }
      const at = now()
      if (claims.expiresAt <= at) return { kind: 'expired' }
      // Signed here, but for longer than any link lives: not one of ours as configured.
      if (claims.expiresAt > at + sessionTtlMs + CLOCK_SKEW_MS) return { kind: 'invalid' }
      const { visitorId } = claims
      if (!generationHolds(claims.generation, await readGeneration(store, visitorId)))
        return { kind: 'revoked', visitorId, expiresAt: claims.expiresAt }
      if (isUserVisitorId(visitorId)) return { kind: 'identify' }
      // A guest since merged into a verified user: that conversation is the user's now.
      const alias = await readAlias(store, visitorId)
      if (alias && isUserVisitorId(alias.visitorId)) return { kind: 'identify' }
      return { kind: 'ok', visitor: { visitorId, kind: 'guest' }, expiresAt: claims.expiresAt }
    },

    async target(token) {
      const claims = readResumeToken(key, token)
      // Whatever the token, the browser lands on the site: the widget shows the outcome.
      const page = claims ? (await readProfile(store, claims.visitorId)).page : undefined
      // Only URL-safe characters go into the Location header; anything else is no token.
      const carried = /^[A-Za-z0-9_.-]{1,512}$/.test(token) ? token : 'invalid'
      return resumeTarget(
        { continueUrl: options.continueUrl?.(), page, allowedOrigins, publicUrl: base },
        carried,
      )
    },
  }
}
