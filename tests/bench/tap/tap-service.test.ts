import { afterEach, expect, it } from 'vitest'
import { type FakeUpstream, startFakeUpstream } from '../../../kit/fake-upstream'
import {
  createCustomerMessage,
  createSender,
  createTextMessage,
} from '../../support/protocol-factories'

// The tap-to-chat bench answers the latest visitor as an agent (A3): the fake service
// it shares with the scale tests must say who wrote last.

let upstream: FakeUpstream | undefined
afterEach(async () => {
  await upstream?.close()
})

it('remembers the sender of the latest customer message, and the text ids in order', async () => {
  upstream = await startFakeUpstream()
  expect(upstream.lastSender()).toBeUndefined()
  const post = (body: unknown) =>
    fetch(upstream?.channelUrl ?? '', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  const first = createCustomerMessage({
    sender: createSender({ id: 'visitor-1' }),
    message: createTextMessage({ id: 'm1' }),
  })
  const second = createCustomerMessage({
    sender: createSender({ id: 'visitor-2' }),
    message: createTextMessage({ id: 'm2' }),
  })
  expect((await post(first)).status).toBe(200)
  expect((await post(second)).status).toBe(200)
  expect(upstream.lastSender()).toBe('visitor-2')
  expect(upstream.ids()).toEqual(['m1', 'm2'])
  expect((await post('not a customer message')).status).toBe(200)
  expect(upstream.lastSender()).toBe('visitor-2')
})
