import { Hono } from 'hono'
import { describeIssues, errorBody, parseProviderToServiceEvent } from '../../../shared/protocol'
import { isSandboxError } from '../service/errors'
import type { SandboxService } from '../service/service'
import { readJsonBody } from './read-json-body'

/** B1: POST {bot_base_url}/webhooks/{provider_id}/{token}, errors per spec section 7. */
export function botRoutes(service: SandboxService): Hono {
  const app = new Hono()

  app.post('/webhooks/:providerId/:token', async (c) => {
    const target = `/webhooks/${c.req.param('providerId')}/…`
    let request: unknown
    const answer = (
      status: 200 | 400 | 401 | 404 | 405 | 413,
      code: string,
      message: string,
      chatId?: string,
    ) => {
      const ok = status === 200
      service.traffic.record({
        interface: 'B1',
        direction: 'in',
        method: 'POST',
        target,
        status,
        ok,
        ...(ok ? {} : { error: message }),
        request,
        ...(chatId ? { chatId } : {}),
      })
      return ok ? c.json({ result: 'ok' }, 200) : c.json(errorBody(code, message), status)
    }
    const provider = service.registry.checkBotToken(c.req.param('providerId'), c.req.param('token'))
    if (provider === 'unknown') {
      return answer(404, 'not_found', 'No bot provider has this provider_id: check the URL')
    }
    if (provider === 'wrong-token') {
      return answer(401, 'invalid_client', 'The token does not match the bot channel settings')
    }
    const body = await readJsonBody(c.req)
    if (!body.ok) return answer(body.status === 413 ? 413 : 400, 'invalid_request', body.message)
    request = body.value
    const parsed = parseProviderToServiceEvent(body.value)
    if (parsed.kind === 'invalid')
      return answer(400, 'invalid_request', describeIssues(parsed.error))
    if (parsed.kind === 'unsupported') {
      return answer(
        405,
        'invalid_request',
        `event ${parsed.event} is not supported: send BOT_MESSAGE or INVITE_AGENT`,
      )
    }
    try {
      const chat = service.receiveBotEvent(provider, parsed.event)
      return answer(200, 'ok', 'ok', chat.id)
    } catch (error) {
      if (isSandboxError(error)) return answer(400, 'invalid_request', error.message)
      throw error
    }
  })

  return app
}
