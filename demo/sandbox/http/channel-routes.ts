import { Hono } from 'hono'
import { isRecord } from '../../../shared/is-record'
import { CustomerMessage, describeIssues } from '../../../shared/protocol'
import { isHttpUrl } from '../../../shared/url'
import type { SandboxService } from '../service/service'
import { readJsonBody } from './read-json-body'

/** The spec's rule: a message whose sender.id is empty or absent is not delivered. */
function missingSenderId(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined
  const sender = body.sender
  if (!isRecord(sender))
    return 'sender is absent: the message is not delivered (sender.id is required)'
  const id = sender.id
  if (id === undefined || id === null || (typeof id === 'string' && id.trim() === '')) {
    return 'sender.id is empty or absent: the message is not delivered'
  }
  return undefined
}

/** Display is attempted, not guaranteed: a bad avatar or page link is dropped, not refused. */
function withoutBadLinks(body: unknown): unknown {
  if (!isRecord(body) || !isRecord(body.sender)) return body
  const sender = { ...body.sender }
  for (const field of ['photo', 'url'] as const) {
    const value = sender[field]
    if (typeof value === 'string' && !isHttpUrl(value)) delete sender[field]
  }
  return { ...body, sender }
}

/** A1 and A2: the channel endpoint {base}/{random}/{CHANNEL_PUBLIC_ID}. */
export function channelRoutes(service: SandboxService): Hono {
  const app = new Hono()

  app.get('/:random/:channelId/status', (c) => {
    const target = c.req.path
    const channel = service.channelAt(c.req.param('random'), c.req.param('channelId'))
    if (!channel) {
      service.traffic.record({
        interface: 'A1',
        direction: 'in',
        method: 'GET',
        target,
        status: 404,
        ok: false,
      })
      return c.text('Not Found', 404)
    }
    const status = service.channelStatus(channel)
    service.traffic.record({
      interface: 'A1',
      direction: 'in',
      method: 'GET',
      target,
      status: 200,
      ok: true,
      response: String(status),
    })
    return c.text(String(status), 200)
  })

  app.post('/:random/:channelId', async (c) => {
    const target = c.req.path
    const refuse = (status: 400 | 404 | 413 | 415, message: string, request?: unknown) => {
      service.traffic.record({
        interface: 'A2',
        direction: 'in',
        method: 'POST',
        target,
        status,
        ok: false,
        error: message,
        request,
      })
      return c.text(status === 404 ? 'Not Found' : message, status)
    }
    const channel = service.channelAt(c.req.param('random'), c.req.param('channelId'))
    if (!channel) return refuse(404, 'unknown channel or wrong random string')
    const body = await readJsonBody(c.req)
    if (!body.ok) return refuse(body.status, body.message)
    const noSender = missingSenderId(body.value)
    if (noSender) return refuse(400, noSender, body.value)
    const parsed = CustomerMessage.safeParse(withoutBadLinks(body.value))
    if (!parsed.success)
      return refuse(400, `invalid customer message: ${describeIssues(parsed.error)}`, body.value)
    const { type } = parsed.data.message
    if (
      channel.acceptsMedia === false &&
      type !== 'text' &&
      type !== 'typein' &&
      type !== 'typeout'
    )
      return refuse(400, `message type is not supported: ${type}`, parsed.data)
    const { chatId } = service.receiveCustomerMessage(channel, parsed.data)
    service.traffic.record({
      interface: 'A2',
      direction: 'in',
      method: 'POST',
      target,
      status: 200,
      ok: true,
      request: parsed.data,
      ...(chatId ? { chatId } : {}),
    })
    return c.json({ result: 'ok' }, 200)
  })

  return app
}
