import { describe, expect, it } from 'vitest'
import {
  QUIET_HEARTBEAT_SECONDS,
  TIMED_HEARTBEAT_SECONDS,
  WINDOW_MS,
} from '../../../bench/capacity/scale'

describe('the heartbeat windows', () => {
  it('times tens of beats, so one collection of a second cannot halve or double a beat', () => {
    // At 18,000 streams a beat costs about 0.2 s of CPU; a collection of about a second
    // lands in one window or the other. Two beats (25 s apart) made it 2x either way.
    expect(WINDOW_MS / (TIMED_HEARTBEAT_SECONDS * 1000)).toBeGreaterThanOrEqual(25)
    // The quiet instance beats first long after its window ends.
    expect(QUIET_HEARTBEAT_SECONDS * 1000).toBeGreaterThan(2 * WINDOW_MS)
  })
})
