import { afterEach, describe, expect, it, vi } from 'vitest'
import { pollStatus } from '../../../widget/loader/status-poller'

function setHidden(hidden: boolean): void {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden })
  document.dispatchEvent(new Event('visibilitychange'))
}

afterEach(() => {
  vi.useRealTimers()
  setHidden(false)
})

describe('pollStatus', () => {
  it('polls at once, then every interval with ±20% jitter', async () => {
    vi.useFakeTimers()
    const fetchStatus = vi.fn(async () => 1)
    const onStatus = vi.fn()
    const stop = pollStatus({ fetchStatus, onStatus, intervalSeconds: 30, random: () => 0 })
    await vi.advanceTimersByTimeAsync(0)
    expect(fetchStatus).toHaveBeenCalledTimes(1)
    expect(onStatus).toHaveBeenCalledWith(1)
    await vi.advanceTimersByTimeAsync(23_999)
    expect(fetchStatus).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(fetchStatus).toHaveBeenCalledTimes(2)
    stop()
    const late = pollStatus({ fetchStatus, onStatus, intervalSeconds: 30, random: () => 1 })
    await vi.advanceTimersByTimeAsync(35_999)
    expect(fetchStatus).toHaveBeenCalledTimes(3)
    await vi.advanceTimersByTimeAsync(1)
    expect(fetchStatus).toHaveBeenCalledTimes(4)
    late()
  })

  it('pauses while the tab is hidden and polls when it is back', async () => {
    vi.useFakeTimers()
    const fetchStatus = vi.fn(async () => 0)
    const stop = pollStatus({
      fetchStatus,
      onStatus: () => {},
      intervalSeconds: 10,
      random: () => 0.5,
    })
    await vi.advanceTimersByTimeAsync(0)
    setHidden(true)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(fetchStatus).toHaveBeenCalledTimes(1)
    setHidden(false)
    await vi.advanceTimersByTimeAsync(0)
    expect(fetchStatus).toHaveBeenCalledTimes(2)
    stop()
  })

  it('says "unknown" (-1) while the backend cannot be reached, and keeps polling', async () => {
    vi.useFakeTimers()
    const fetchStatus = vi
      .fn()
      .mockResolvedValueOnce(1)
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValue(1)
    const onStatus = vi.fn()
    const stop = pollStatus({ fetchStatus, onStatus, intervalSeconds: 10, random: () => 0.5 })
    await vi.advanceTimersByTimeAsync(20_000)
    expect(fetchStatus).toHaveBeenCalledTimes(3)
    // Online, unreachable, online: neither the last green dot kept, nor "offline" (which
    // would swap the open chat's composer for the offline form; issue 24, defect 5).
    expect(onStatus.mock.calls).toEqual([[1], [-1], [1]])
    stop()
    await vi.advanceTimersByTimeAsync(100_000)
    expect(fetchStatus).toHaveBeenCalledTimes(3)
  })
})
