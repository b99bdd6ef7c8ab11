import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LINK_GRACE_MS, type Link, watchLink } from '../../../../widget/chat/window/connection'

let online = true
beforeEach(() => {
  vi.useFakeTimers()
  online = true
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online)
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

function setNetwork(up: boolean): void {
  online = up
  window.dispatchEvent(new Event(up ? 'online' : 'offline'))
}

function watch() {
  const seen: Link[] = []
  const link = watchLink((next) => seen.push(next))
  return { seen, link }
}

describe('watchLink: what the header says of the connection', () => {
  it('a stream that does not open within the grace period shows "connecting", then ok when it opens', () => {
    const { seen, link } = watch()
    vi.advanceTimersByTime(LINK_GRACE_MS - 1)
    expect(seen).toEqual([])
    vi.advanceTimersByTime(1)
    expect(seen).toEqual(['connecting'])
    link.stream(true)
    expect(seen).toEqual(['connecting', 'ok'])
    link.stop()
  })

  it('short blips (a reconnect within 2 s) never flicker', () => {
    const { seen, link } = watch()
    link.stream(true)
    for (let i = 0; i < 20; i++) {
      link.stream(false)
      vi.advanceTimersByTime(LINK_GRACE_MS - 100)
      link.stream(true)
    }
    setNetwork(false)
    vi.advanceTimersByTime(1000)
    setNetwork(true)
    vi.advanceTimersByTime(10 * LINK_GRACE_MS)
    expect(seen).toEqual([])
    link.stop()
  })

  it('the browser offline shows "noNetwork" (over a dropped stream), and ok once both are back', () => {
    const { seen, link } = watch()
    link.stream(true)
    setNetwork(false)
    link.stream(false)
    vi.advanceTimersByTime(LINK_GRACE_MS)
    expect(seen).toEqual(['noNetwork'])
    setNetwork(true)
    // The network is back but the stream is not yet: connecting, after the grace period.
    vi.advanceTimersByTime(LINK_GRACE_MS)
    expect(seen).toEqual(['noNetwork', 'connecting'])
    link.stream(true)
    expect(seen.at(-1)).toBe('ok')
    link.stop()
  })

  it('stop() removes its listeners and timer', () => {
    const { seen, link } = watch()
    link.stop()
    setNetwork(false)
    vi.advanceTimersByTime(10 * LINK_GRACE_MS)
    expect(seen).toEqual([])
  })
})
