import { freePort as freePortOn } from '../demo/launch/free-port'

/** A loopback TCP port that was free a moment ago (for a server whose origin must be known before it starts). */
export function freePort(): Promise<number> {
  return freePortOn('127.0.0.1')
}
