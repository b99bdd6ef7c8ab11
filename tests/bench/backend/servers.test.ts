import { describe, expect, it } from 'vitest'
import { channelIdOf } from '../../../bench/backend/servers'

describe('channelIdOf', () => {
  it('is the last segment of the channel URL, as the webhook route expects it', () => {
    expect(channelIdOf('http://127.0.0.1:4100/fake-random/fake-channel')).toBe('fake-channel')
    expect(channelIdOf('https://chat.example/abc/ch-42/')).toBe('ch-42')
  })

  it('throws for a URL without one', () => {
    expect(() => channelIdOf('http://127.0.0.1:4100/')).toThrow(/no channel id/)
  })
})
