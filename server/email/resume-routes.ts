import { Hono } from 'hono'
import type { AppEnv } from '../http/app-env'
import type { ResumeLinks } from './resume-link'

/**
 * GET /r/<token>: the e-mail's "Continue the conversation" link. Redirects (302) to a
 * page of the site with `#porthole-resume=<token>`; the widget there exchanges the token
 * (POST /api/session {resume}) and shows the outcome, so a bad or expired link still
 * lands on the site, never on an error page. Opening the link changes nothing (mail
 * scanners and prefetches that follow links use nothing up): only the widget's explicit
 * exchange spends it (resume-exchange.ts).
 */
export function resumeRoutes(links: ResumeLinks) {
  return new Hono<AppEnv>().get('/r/:token', async (c) => {
    const location = await links.target(c.req.param('token'))
    return c.body(null, 302, {
      location,
      // Neither the link nor the page it names may be kept or passed on.
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    })
  })
}
