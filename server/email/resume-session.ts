import { nanoid } from 'nanoid'
import type { ResumeResult } from '../../shared/widget-api'
import { isSessionError } from '../session/session-error'
import type { Sessions } from '../session/sessions'
import type { Visitor } from '../session/token'
import type { Claims, Records, VisitorEvents } from '../store/types'
import { exchangedBefore, handOver, linkId } from './resume-exchange'
import type { ResumeLinks } from './resume-link'

/** How POST /api/session {resume} went: `ok`, or why the link opened nothing. */
export type Resumed = ResumeResult

export type ResumeDeps = {
  links: ResumeLinks
  sessions: Sessions
  store: Records & Claims & VisitorEvents
  now: () => number
  /** How long conversations are kept (the hand-over's mark lives as long). */
  keepMs: number
}

/**
 * The visitor POST /api/session {resume, token?, device?} continues: the guest a good
 * link names, handed over to this device (the link spent, the visitor's other
 * credentials refused: resume-exchange.ts); otherwise this device's own visitor when its
 * token still opens it (a bad link loses nothing), else a new guest. Never the link's
 * visitor unless the link is good and unspent (or this device spent it: a retry), never
 * a verified user's conversation (`identify`), and never a guest's on a device signed in
 * as a user (`signed_in`).
 */
export async function resumeVisitor(
  deps: ResumeDeps,
  request: { resume: string; token?: string | undefined; device?: string | undefined },
): Promise<{ visitor: Visitor; resumed: Resumed }> {
  const { device } = request
  const outcome = await deps.links.check(request.resume)
  const own =
    request.token === undefined ? undefined : await ownVisitor(deps.sessions, request.token)
  const kept = (resumed: Resumed) => ({
    visitor: own ?? { visitorId: nanoid(), kind: 'guest' as const },
    resumed,
  })
  if (outcome.kind !== 'ok' && outcome.kind !== 'revoked') return kept(outcome.kind)
  const visitorId = outcome.kind === 'ok' ? outcome.visitor.visitorId : outcome.visitorId
  const link = { id: linkId(request.resume), visitorId, expiresAt: outcome.expiresAt }
  const guest: Visitor = { visitorId, kind: 'guest' }
  if (outcome.kind === 'revoked') {
    // Spent (its exchange moved the generation on), or signed out since.
    const before = await exchangedBefore(deps.store, link, device)
    if (before === 'ok') return { visitor: guest, resumed: 'ok' }
    if (before !== 'unfinished') return kept(before ? 'used' : 'revoked')
  } else if (own?.visitorId === visitorId) {
    // Already this device's conversation: nothing to hand over.
    return { visitor: own, resumed: 'ok' }
  } else if (own?.kind === 'user') {
    return kept('signed_in')
  }
  if (!(await handOver(deps, link, device))) return kept('used')
  return { visitor: guest, resumed: 'ok' }
}

async function ownVisitor(sessions: Sessions, token: string): Promise<Visitor | undefined> {
  try {
    return (await sessions.authenticate(token)).visitor
  } catch (error) {
    if (isSessionError(error)) return undefined
    throw error
  }
}
