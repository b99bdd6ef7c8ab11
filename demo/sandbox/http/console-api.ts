import { type Context, Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { z } from 'zod'
import { errorBody } from '../../../shared/protocol'
import {
  AgentAction,
  AgentInput,
  AgentMessageInput,
  AgentPatch,
  BotProviderInput,
  ChannelInput,
  ChannelPatch,
} from '../service/inputs'
import type { SandboxService } from '../service/service'
import { INTERFACES } from '../service/traffic-log'
import { consoleEvents } from './console-events'
import { readJsonBody } from './read-json-body'

async function json(c: Context): Promise<unknown> {
  const body = await readJsonBody(c.req)
  if (body.ok) return body.value
  throw new HTTPException(body.status, {
    res: c.json(errorBody('invalid_request', body.message), body.status),
  })
}

const ChatQuery = z.object({
  state: z.enum(['open', 'closed', 'all']).optional(),
  channelId: z.string().optional(),
})

const TrafficQuery = z.object({
  interface: z.enum(INTERFACES).optional(),
  since: z.coerce.number().int().nonnegative().optional(),
  chatId: z.string().optional(),
  limit: z.coerce.number().int().positive().optional(),
})

const OnlinePatch = z.strictObject({ online: z.boolean() })
const MailReplyInput = z.strictObject({ text: z.string() })
const MailboxPatch = z.strictObject({ down: z.boolean() })

/** The control API: everything the console does, and what tests script conversations with. */
export function consoleApi(service: SandboxService): Hono {
  const app = new Hono()

  app.get('/state', (c) => c.json(service.consoleState()))

  app.get('/channels', (c) => c.json(service.listChannels()))
  app.post('/channels', async (c) =>
    c.json(service.createChannel(ChannelInput.parse(await json(c))), 201),
  )
  app.get('/channels/:id', (c) => c.json(service.getChannel(c.req.param('id'))))
  app.patch('/channels/:id', async (c) =>
    c.json(service.updateChannel(c.req.param('id'), ChannelPatch.parse(await json(c)))),
  )

  app.get('/agents', (c) => c.json(service.listAgents()))
  app.post('/agents', async (c) => c.json(service.addAgent(AgentInput.parse(await json(c))), 201))
  app.patch('/agents/:id', async (c) =>
    c.json(service.updateAgent(c.req.param('id'), AgentPatch.parse(await json(c)))),
  )
  app.post('/agents/:id/online', async (c) => {
    const { online } = OnlinePatch.parse(await json(c))
    return c.json(service.setAgentOnline(c.req.param('id'), online))
  })

  app.get('/bot-providers', (c) => c.json(service.listBotProviders()))
  app.post('/bot-providers', async (c) =>
    c.json(service.registerBotProvider(BotProviderInput.parse(await json(c))), 201),
  )

  app.get('/chats', (c) => c.json(service.chats.list(ChatQuery.parse(c.req.query()))))
  app.get('/chats/:id', (c) => c.json(service.chats.get(c.req.param('id'))))
  app.post('/chats/:id/messages', async (c) => {
    const input = AgentMessageInput.parse(await json(c))
    const chatId = c.req.param('id')
    const { entry, delivery } = service.sendAgentMessage(chatId, input)
    if (input.wait) {
      const outcome = await delivery
      // The entry as it is now, with its delivery log (the one sent was pending).
      return c.json(
        entry ? { entry: service.chats.entry(chatId, entry.id) } : { delivery: outcome },
        200,
      )
    }
    return c.json(entry ? { entry } : { delivery: { status: 'pending', attempts: [] } }, 202)
  })
  app.get('/chats/:id/messages/:entryId', (c) =>
    c.json(service.chats.entry(c.req.param('id'), c.req.param('entryId'))),
  )
  app.post('/chats/:id/join', async (c) =>
    c.json(service.joinChat(c.req.param('id'), AgentAction.parse(await optionalJson(c)))),
  )
  app.post('/chats/:id/close', async (c) =>
    c.json(service.closeChat(c.req.param('id'), AgentAction.parse(await optionalJson(c)))),
  )

  app.get('/mailbox', (c) => c.json({ ...service.mailbox.state(), mail: service.mailbox.list() }))
  app.patch('/mailbox', async (c) =>
    c.json(service.mailbox.setDown(MailboxPatch.parse(await json(c)).down)),
  )
  app.get('/mailbox/:id', (c) => c.json(service.mailbox.get(c.req.param('id'))))
  app.get('/mailbox/:id/raw', (c) =>
    c.body(new Uint8Array(service.mailbox.raw(c.req.param('id'))), 200, {
      'content-type': 'message/rfc822',
    }),
  )
  app.post('/mailbox/:id/reply', async (c) => {
    const { text } = MailReplyInput.parse(await json(c))
    return c.json(await service.mailbox.reply(c.req.param('id'), text))
  })

  app.get('/log', (c) => c.json(service.traffic.query(TrafficQuery.parse(c.req.query()))))
  app.get('/events', (c) => consoleEvents(c, service))

  return app
}

/** join/close take an optional body: none means "the agent who has the chat". */
async function optionalJson(c: Context): Promise<unknown> {
  const length = c.req.header('content-length')
  if (!c.req.header('content-type') && (length === undefined || length === '0')) return {}
  return json(c)
}
