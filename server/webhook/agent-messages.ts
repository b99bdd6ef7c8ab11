import { Hono } from 'hono'
import type { AppEnv } from '../http/app-env'
import { readJsonBody } from '../http/read-body'
import { type AgentWebhook, WEBHOOK_BODY_LIMIT } from './agent-webhook'

export { ERASED_MESSAGE, WEBHOOK_BODY_LIMIT } from './agent-webhook'

/**
 * POST /hooks/:secret/:channelId as a Hono route: `app.request()` and every request the
 * Node listener's fast path (webhook-listener.ts) hands on. Both answer with `webhook`.
 */
export function agentWebhookRoutes(webhook: AgentWebhook): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.post('/:secret/:channelId', async (c) => {
    const refused = webhook.refusal(
      c.req.param('secret'),
      c.req.param('channelId'),
      c.req.header('content-length'),
    )
    const answer =
      refused ??
      (await webhook.deliver(
        () => readJsonBody(c.req.raw, c.env?.incoming, WEBHOOK_BODY_LIMIT),
        c.get('log'),
      ))
    return c.json(answer.body, answer.status)
  })
  return app
}
