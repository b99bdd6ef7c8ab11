import type { ConsoleState } from '../../../demo/console/src/live-state'
import type { Chat, ChatEntry } from '../../../demo/sandbox/service/model'

// Factories for console tests: plain data shaped like what the sandbox streams.

export function createEntry(overrides: Partial<ChatEntry> = {}): ChatEntry {
  return {
    id: 'e1',
    at: Date.UTC(2026, 0, 1, 12, 0),
    author: 'customer',
    message: { type: 'text', text: 'Hello' },
    ...overrides,
  }
}

export function createChat(overrides: Partial<Chat> = {}): Chat {
  return {
    id: '1001',
    channelId: 'ch1',
    clientId: 'v1',
    senderId: 'v1',
    customer: { name: 'Jo Doe' },
    state: 'queued',
    bot: 'none',
    customerTyping: false,
    unread: 1,
    createdAt: 1,
    updatedAt: 1,
    entries: [createEntry()],
    ...overrides,
  }
}

export function createState(overrides: Partial<ConsoleState> = {}): ConsoleState {
  return {
    publicUrl: 'http://localhost:3100',
    timings: { deliveryAttempts: 3 },
    channels: [],
    agents: [{ id: 'anna', name: 'Anna', online: true }],
    botProviders: [],
    chats: [],
    mail: [],
    mailbox: { down: false, canReply: false },
    ...overrides,
  }
}
