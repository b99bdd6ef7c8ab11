import { z } from 'zod'
import { ChannelMessage } from '../shared/protocol'

// The agent's side, scripted through the sandbox's control API (/console/api), as the
// console does it.

const Agent = z.object({ id: z.string(), name: z.string(), online: z.boolean() })
const Delivery = z.object({ status: z.string(), error: z.string().optional() })
const Entry = z.object({
  id: z.string(),
  author: z.string(),
  name: z.string().optional(),
  message: ChannelMessage.optional(),
  text: z.string().optional(),
  delivery: Delivery.optional(),
})
const Chat = z.object({
  id: z.string(),
  clientId: z.string(),
  state: z.string(),
  bot: z.string(),
  customer: z.object({
    url: z.string().optional(),
    name: z.string().optional(),
    email: z.string().optional(),
  }),
  customerTyping: z.boolean(),
  entries: z.array(Entry),
})
export type ConsoleChat = z.infer<typeof Chat>
export type ConsoleEntry = z.infer<typeof Entry>

const SendResult = z.object({ entry: Entry.optional(), delivery: Delivery.optional() })

export type AgentConsole = ReturnType<typeof agentConsole>

/** Polls until `check` returns a value (not undefined); fails with `what` after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last: unknown
  for (;;) {
    try {
      const value = await check()
      if (value !== undefined) return value
    } catch (error) {
      last = error
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The text of a customer, agent or bot entry ('' for media and system lines). */
export function textOf(entry: ConsoleEntry): string {
  return entry.message?.type === 'text' ? entry.message.text : (entry.text ?? '')
}

export function agentConsole(sandboxUrl: string) {
  async function call(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${sandboxUrl}/console/api${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    if (!response.ok)
      throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`)
    return response.json()
  }
  async function agentId(name: string): Promise<string> {
    const agent = z
      .array(Agent)
      .parse(await call('GET', '/agents'))
      .find((a) => a.name === name)
    if (!agent) throw new Error(`no agent named ${name} in the sandbox`)
    return agent.id
  }
  const chats = async () => z.array(Chat).parse(await call('GET', '/chats?state=all'))

  return {
    async setOnline(name: string, online: boolean): Promise<void> {
      await call('POST', `/agents/${await agentId(name)}/online`, { online })
    },
    chats,
    /** The chat holding a customer message with this text. */
    chatWith(text: string): Promise<ConsoleChat> {
      return waitFor(`a chat with the customer message "${text}"`, async () =>
        (await chats()).find((chat) =>
          chat.entries.some((entry) => entry.author === 'customer' && textOf(entry) === text),
        ),
      )
    },
    /** Waits until the chat matches `check` and returns it. */
    async waitForChat(
      chatId: string,
      what: string,
      check: (chat: ConsoleChat) => boolean,
    ): Promise<ConsoleChat> {
      return waitFor(what, async () => {
        const chat = Chat.parse(await call('GET', `/chats/${chatId}`))
        return check(chat) ? chat : undefined
      })
    },
    async join(chatId: string, agent: string): Promise<void> {
      await call('POST', `/chats/${chatId}/join`, { agentId: await agentId(agent) })
    },
    /** Sends as `agent` and waits for the delivery outcome (A3 to the backend). */
    async send(chatId: string, agent: string, message: ChannelMessage): Promise<string> {
      const result = SendResult.parse(
        await call('POST', `/chats/${chatId}/messages`, {
          agentId: await agentId(agent),
          message,
          wait: true,
        }),
      )
      return result.entry?.delivery?.status ?? result.delivery?.status ?? 'unknown'
    },
  }
}
