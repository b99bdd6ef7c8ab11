import { z } from 'zod'
import { ChannelMessage } from '../../shared/protocol'
import { sleep } from './net'

// The agent's side, through the sandbox's control API (/console/api), as its console
// drives it (README "The sandbox").

const Agent = z.object({ id: z.string(), name: z.string(), online: z.boolean() })
const DeliveryLog = z.object({
  status: z.string(),
  error: z.string().optional(),
  attempts: z.array(z.object({ at: z.number(), ok: z.boolean() })).default([]),
})
export const SandboxEntry = z.object({
  id: z.string(),
  at: z.number(),
  author: z.string(),
  message: ChannelMessage.optional(),
  delivery: DeliveryLog.optional(),
})
export type SandboxEntry = z.infer<typeof SandboxEntry>
const Chat = z.object({
  id: z.string(),
  clientId: z.string(),
  state: z.string(),
  entries: z.array(SandboxEntry),
})
export type SandboxChat = z.infer<typeof Chat>
const SendAnswer = z.object({ entry: SandboxEntry.optional() })

export class SandboxApiError extends Error {
  override name = 'SandboxApiError' as const
  readonly code = 'sandbox_api' as const
}

export function sandboxClient(base: string) {
  async function call(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${base}/console/api${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(30_000),
    })
    const text = await response.text()
    if (!response.ok)
      throw new SandboxApiError(
        `${method} /console/api${path}: HTTP ${response.status} ${text.slice(0, 300)}`,
      )
    return JSON.parse(text)
  }

  return {
    async agentId(name: string): Promise<string> {
      const agent = z
        .array(Agent)
        .parse(await call('GET', '/agents'))
        .find((candidate) => candidate.name === name)
      if (!agent) throw new SandboxApiError(`the sandbox has no agent named ${name}`)
      return agent.id
    },

    /** The open chat of the customer whose sender.id is `visitorId`; waits for it to appear. */
    async chatOf(visitorId: string, timeoutMs = 30_000): Promise<SandboxChat> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const chats = z.array(Chat).parse(await call('GET', '/chats?state=open'))
        const chat = chats.find((candidate) => candidate.clientId === visitorId)
        if (chat) return chat
        if (Date.now() > deadline)
          throw new SandboxApiError(
            `no chat of customer ${visitorId} reached the sandbox within ${timeoutMs / 1000} s`,
          )
        await sleep(200)
      }
    },

    async chat(chatId: string): Promise<SandboxChat> {
      return Chat.parse(await call('GET', `/chats/${chatId}`))
    },

    /** Queues an agent text (the sandbox delivers it over A3 on its own schedule); returns its message id. */
    async sendText(chatId: string, agentId: string, text: string): Promise<string> {
      const answer = SendAnswer.parse(
        await call('POST', `/chats/${chatId}/messages`, {
          agentId,
          message: { type: 'text', text },
        }),
      )
      if (!answer.entry)
        throw new SandboxApiError('the sandbox answered an agent text without its entry')
      return answer.entry.id
    },
  }
}

export type SandboxClient = ReturnType<typeof sandboxClient>

/** The customer's texts as the service received them, in arrival order (repeats included). */
export function customerTexts(chat: SandboxChat): { text: string; at: number }[] {
  return chat.entries.flatMap((entry) =>
    entry.author === 'customer' && entry.message?.type === 'text'
      ? [{ text: entry.message.text, at: entry.at }]
      : [],
  )
}

export type AgentDelivery = { id: string; status: string; lastAttemptAt: number }

/** The agent texts of a chat with their delivery status and the time of their last A3 attempt. */
export function agentDeliveries(chat: SandboxChat): AgentDelivery[] {
  return chat.entries.flatMap((entry) =>
    entry.author === 'agent' && entry.message?.type === 'text'
      ? [
          {
            id: entry.id,
            status: entry.delivery?.status ?? 'unknown',
            lastAttemptAt: entry.delivery?.attempts.at(-1)?.at ?? entry.at,
          },
        ]
      : [],
  )
}
