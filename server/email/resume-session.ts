import { nanoid } from 'nanoid'
import { isSessionError } from '../session/session-error'
import type { Sessions } from '../session/sessions'
import type { Visitor } from '../session/token'
import type { ResumeLinks, ResumeOutcome } from './resume-link'

/** How POST /api/session {resume} went: `ok`, or why the link opened nothing. */
export type Resumed = ResumeOutcome['kind']

/**
 * The visitor POST /api/session {resume, token?} continues: the guest a good link names;
 * otherwise this device's own visitor when its token still opens it (a bad link loses
 * nothing), else a new guest. Never the link's visitor unless the link is good, and never
 * a verified user's conversation (the site identifies them: `identify`).
 */
export async function resumeVisitor(
  links: ResumeLinks,
  sessions: Sessions,
  request: { resume: string; token?: string | undefined },
): Promise<{ visitor: Visitor; resumed: Resumed }> {
  const outcome = await links.check(request.resume)
  if (outcome.kind === 'ok') return { visitor: outcome.visitor, resumed: 'ok' }
  const own = request.token === undefined ? undefined : await ownVisitor(sessions, request.token)
  return { visitor: own ?? { visitorId: nanoid(), kind: 'guest' }, resumed: outcome.kind }
}

async function ownVisitor(sessions: Sessions, token: string): Promise<Visitor | undefined> {
  try {
    return (await sessions.authenticate(token)).visitor
  } catch (error) {
    if (isSessionError(error)) return undefined
    throw error
  }
}
