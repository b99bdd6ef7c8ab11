import { expect } from 'vitest'
import { endConversation } from '../../../server/conversation/end-conversation'
import { TEST_WEBHOOK_SECRET } from '../../support/test-config'
import { createAgentMessage } from './agent-message'
import { createClientId } from './test-app'
import type { UploadTestApp } from './upload-app'
import { makeImage } from './upload-samples'

/** One visitor who wrote `mark` into every place Porthole keeps something. */
export type Footprint = { visitorId: string; token: string; fileIds: string[] }

/**
 * Writes `mark` (letters and digits, lower case) through the real routes into every
 * place Porthole keeps a visitor's data: the contact details, a consent, a message and its parts'
 * dedupe keys, a message the service keeps failing (the A2 outbox), an image (file,
 * thumbnail, record) and a text file, an agent's reply (its dedupe key, the e-mail
 * schedule), the conversation's end, a rating's comment, a transcript request (the
 * confirmation e-mail, its link and the waiting transcript).
 */
export async function writeEverywhere(t: UploadTestApp, mark: string): Promise<Footprint> {
  const email = `${mark}@example.com`
  t.service.setMessageDefault({ status: 200 })
  const session = await t.request('/api/session', {
    body: { contact: { name: `Name ${mark}`, email, phone: '+1 555 0100' } },
  })
  expect(session.status).toBe(200)
  const { token, visitorId } = (await session.json()) as { token: string; visitorId: string }
  const consent = await t.request('/api/visitor/consent', {
    token,
    body: { version: `v-${mark}` },
  })
  expect(consent.status).toBe(204)
  const say = (text: string) =>
    t.request('/api/messages', { token, body: { id: createClientId(), type: 'text', text } })
  expect((await say(`my order ${mark}`)).status).toBe(200)
  const image = await t.uploadOk(token, `${mark}.png`, 'image/png', await makeImage('png'))
  const text = await t.uploadOk(token, `${mark}.txt`, 'text/plain', Buffer.from(`note ${mark}\n`))
  for (const file of [image, text]) {
    const sent = await t.request('/api/messages', {
      token,
      body: { id: createClientId(), type: 'file', fileId: file.id, text: `caption ${mark}` },
    })
    expect(sent.status).toBe(200)
  }
  const reply = await t.request(`/hooks/${TEST_WEBHOOK_SECRET}/chan42`, {
    body: createAgentMessage({ recipientId: visitorId, message: { text: `agent ${mark}` } }),
  })
  expect(reply.status).toBe(200)
  expect(await endConversation(t.deps.store, visitorId, 'closed', { now: Date.now() })).toBe(true)
  const history = await t.request('/api/history?limit=200', { token })
  const entries = ((await history.json()) as { entries: { id: string; ended?: string }[] }).entries
  const ended = entries.findLast((entry) => entry.ended)
  if (!ended) throw new Error('the conversation did not end')
  const rated = await t.request('/api/rating', {
    token,
    body: { conversation: ended.id, score: 'bad', comment: `slow ${mark}` },
  })
  expect(rated.status).toBe(201)
  const transcript = await t.request('/api/transcript', {
    token,
    body: { conversation: ended.id },
  })
  expect(transcript.status).toBe(202)
  // Last: a message the service refuses for now stays in the outbox, retried later.
  t.service.setMessageDefault({ status: 503 })
  const delayed = await say(`delayed ${mark}`)
  expect([200, 202]).toContain(delayed.status)
  return { visitorId, token, fileIds: [image.id, text.id] }
}
