import { afterEach, describe, expect, it, vi } from 'vitest'
import type { VisitorEvent } from '../../../server/store/types'
import { agentMessageEntry, knownContent } from '../../../server/webhook/agent-message-entry'
import { AgentMessage } from '../../../shared/protocol/chat-channel'
import { EntryContent } from '../../../shared/widget-api'
import { TEST_WEBHOOK_SECRET } from '../../support/test-config'
import { createAgentMessage } from '../support/agent-message'
import { createTestApp, type TestApp } from '../support/test-app'

const FILE = {
  file: 'https://cdn.example/f.pdf',
  file_name: 'f.pdf',
  file_size: 10,
}
const MEDIA_OPTIONAL = {
  id: 'm1',
  thumb: 'https://cdn.example/t.png',
  emoji: '📄',
  duration: 3,
  width: 4,
  height: 5,
  text: 'a comment',
  performer: 'P',
  title: 'T',
}

/** Parsed as the webhook does: the loose reader keeps unknown fields. */
function read(message: Record<string, unknown>) {
  const parsed = AgentMessage.parse(createAgentMessage({ message }))
  return { message: parsed, content: EntryContent.parse(parsed.message) }
}

describe('knownContent (spec 2.4: the fields of each message type)', () => {
  it.each([
    ['text', { type: 'text', id: 'm1', text: 'hi' }],
    ['document', { type: 'document', ...FILE, ...MEDIA_OPTIONAL }],
    ['photo', { type: 'photo', ...FILE, ...MEDIA_OPTIONAL }],
    ['location', { type: 'location', latitude: 1.5, longitude: -2.5, ...MEDIA_OPTIONAL }],
  ])('keeps every known field of %s', (_type, message) => {
    const { content } = read(message)
    expect(knownContent(content)).toEqual({ content: message, dropped: [] })
  })

  it('drops unknown fields, also ones known to another type', () => {
    const { content } = read({
      type: 'text',
      text: 'hi',
      html: '<img src=x onerror=alert(1)>',
      file: 'https://cdn.example/f.pdf',
      latitude: 1,
      nested: { deep: [1, 2, 3] },
    })
    const kept = knownContent(content)
    expect(kept.content).toEqual({ type: 'text', text: 'hi', id: expect.any(String) })
    expect(kept.dropped.sort()).toEqual(['file', 'html', 'latitude', 'nested'])
  })

  it('gives no prototype-pollution key a way through', () => {
    const { content } = read(
      JSON.parse(
        '{"type":"text","text":"hi","__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}',
      ),
    )
    const kept = knownContent(content).content
    expect(Object.keys(kept).sort()).toEqual(['id', 'text', 'type'])
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('agentMessageEntry', () => {
  it('logs the names of dropped fields at debug, never their values', () => {
    const { message, content } = read({ type: 'text', text: 'hi', secretish: 'value-xyz' })
    const lines: unknown[] = []
    const entry = agentMessageEntry(message, content, 7, {
      debug: (msg, fields) => lines.push({ msg, ...fields }),
    })
    expect(entry).toEqual({
      author: 'agent',
      name: 'Anna',
      photo: 'https://cdn.example/anna.png',
      content: { type: 'text', text: 'hi', id: expect.any(String) },
      at: 7,
    })
    expect(lines).toEqual([
      {
        msg: 'agent message: unknown fields dropped',
        type: 'text',
        fields: ['secretish'],
        count: 1,
      },
    ])
    expect(JSON.stringify(lines)).not.toContain('value-xyz')
  })

  it('logs nothing for a message without unknown fields', () => {
    const { message, content } = read({ type: 'text', text: 'hi' })
    const lines: unknown[] = []
    agentMessageEntry(message, content, 7, { debug: (msg) => lines.push(msg) })
    expect(lines).toEqual([])
  })
})

describe('POST /hooks/:secret/:channelId with unknown fields', () => {
  let t: TestApp | undefined
  afterEach(() => t?.stop())

  it('validates the body once: the content is not parsed again after the reader', async () => {
    t = createTestApp()
    const reader = vi.spyOn(AgentMessage, 'safeParse')
    const again = [vi.spyOn(EntryContent, 'safeParse'), vi.spyOn(EntryContent, 'parse')]
    try {
      const body = createAgentMessage({
        recipientId: 'visitor-8',
        message: { type: 'text', text: 'hi', extra: 1 },
      })
      const res = await t.app.request(`/hooks/${TEST_WEBHOOK_SECRET}/chan42`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      expect(await res.json()).toEqual({ result: 'ok' })
      expect(reader).toHaveBeenCalledTimes(1)
      for (const spy of again) expect(spy).not.toHaveBeenCalled()
      const [entry] = await t.deps.store.readAfter('visitor-8', undefined, 10)
      expect(entry?.content).toEqual({ type: 'text', text: 'hi', id: body.message.id })
    } finally {
      reader.mockRestore()
      for (const spy of again) spy.mockRestore()
    }
  })

  it('stores and pushes only the known fields, however large the rest', async () => {
    t = createTestApp()
    const store = t.deps.store
    const events: VisitorEvent[] = []
    store.subscribe('visitor-9', (event) => events.push(event))
    const extras = Object.fromEntries(
      Array.from({ length: 200 }, (_, i) => [`extra_${i}`, 'x'.repeat(250)]),
    )
    const body = createAgentMessage({
      recipientId: 'visitor-9',
      message: { type: 'photo', ...FILE, text: 'look', ...extras },
    })
    expect(JSON.stringify(body).length).toBeGreaterThan(50_000)
    const res = await t.app.request(`/hooks/${TEST_WEBHOOK_SECRET}/chan42`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(await res.json()).toEqual({ result: 'ok' })
    const [entry] = await store.readAfter('visitor-9', undefined, 10)
    expect(entry?.content).toEqual({
      type: 'photo',
      ...FILE,
      text: 'look',
      id: body.message.id,
    })
    expect(JSON.stringify(entry).length).toBeLessThan(1000)
    expect(events).toEqual([{ event: 'message', data: entry }])
    const logged = t.logs.map((line) => JSON.parse(line)).find((l) => l.msg.includes('unknown'))
    expect(logged).toMatchObject({ level: 'debug', type: 'photo', count: 200 })
    expect(logged.fields).toHaveLength(20)
    expect(JSON.stringify(logged)).not.toContain('xxxx')
  })
})
