import { type Context, Hono } from 'hono'
import { z } from 'zod'
import { errorBody } from '../../../shared/protocol'
import type { Mailbox } from '../mail/mailbox'
import { visitorReply } from '../mail/visitor-reply'
import { readJsonBody } from './read-json-body'

/** What the Mailbox tab needs: the mailbox, and where Porthole takes replies by e-mail. */
export type SandboxMail = {
  mailbox: Mailbox
  /** `{PUBLIC_URL}/hooks/email/{INBOUND_EMAIL_SECRET}` of the backend; undefined: replies are off. */
  inboundUrl: string | undefined
  /** The SMTP URL the backend sends to (shown in the tab); undefined when no server listens. */
  smtpUrl: () => string | undefined
  fetch: typeof fetch
  now: () => number
}

const ReplyInput = z.strictObject({ text: z.string().trim().min(1).max(20_000) })

/**
 * The Mailbox tab's control API: the e-mails the sandbox's SMTP server received, and
 * "Reply as the visitor", which posts a reply to the backend's inbound route as an
 * inbound mail service would.
 */
export function mailApi(mail: SandboxMail): Hono {
  const app = new Hono()
  app.get('/mail', (c) =>
    c.json({
      smtpUrl: mail.smtpUrl() ?? null,
      repliesOn: mail.inboundUrl !== undefined,
      messages: mail.mailbox.list(),
    }),
  )
  app.get('/mail/:id', (c) => {
    const message = mail.mailbox.get(c.req.param('id'))
    return message ? c.json(message) : notFound(c)
  })
  app.delete('/mail', (c) => {
    mail.mailbox.clear()
    return c.body(null, 204)
  })
  app.post('/mail/:id/reply', async (c) => {
    const message = mail.mailbox.get(c.req.param('id'))
    if (!message) return notFound(c)
    const body = await readJsonBody(c.req)
    if (!body.ok) return c.json(errorBody('invalid_request', body.message), body.status)
    const input = ReplyInput.parse(body.value)
    if (mail.inboundUrl === undefined) {
      return c.json(
        errorBody(
          'conflict',
          'Replies by e-mail are off: start the backend with EMAIL_REPLY_DOMAIN and INBOUND_EMAIL_SECRET (npm start does).',
        ),
        409,
      )
    }
    const raw = visitorReply(message, input.text, new Date(mail.now()))
    let response: Response
    try {
      response = await mail.fetch(mail.inboundUrl, {
        method: 'POST',
        headers: { 'content-type': 'message/rfc822' },
        body: raw,
      })
    } catch (error) {
      return c.json(
        errorBody(
          'unavailable',
          `The backend did not answer (${error instanceof Error ? error.message : String(error)}): is it running?`,
        ),
        502,
      )
    }
    const answer: unknown = await response.json().catch(() => undefined)
    return c.json({ status: response.status, answer: answer ?? null }, 200)
  })
  return app
}

function notFound(c: Context) {
  return c.json(errorBody('not_found', 'No such e-mail in the sandbox’s mailbox.'), 404)
}
