import { ReadMarker } from '../../shared/widget-api'
import type { Logger } from '../logging/logger'
import { readLockKey, readMarkerKey } from '../store/keys'
import type { Claims, EntryIds, Records, VisitorEvents } from '../store/types'
import { withClaim } from '../store/with-claim'

// A visitor's read marker: the newest entry they have seen on any device. One store
// record per visitor, sent to every stream before its replay and on every move.

/** The visitor's marker, or undefined when none is set (a damaged record counts as none). */
export async function loadReadMarker(
  store: Records & EntryIds,
  visitorId: string,
  logger: Logger,
): Promise<ReadMarker | undefined> {
  const damaged = () =>
    logger.warn('read marker record is damaged; treating it as unset', { visitorId })
  const marker = await store.getRecord(readMarkerKey(visitorId), ReadMarker, damaged)
  if (marker === undefined) return undefined
  if (store.isValidId(marker.upTo)) return marker
  damaged()
  return undefined
}

/**
 * The marker after a device reports `upTo`: the later of the two, so it never moves
 * back. `moved` is false when the current one stays (nothing to store or publish).
 */
export function nextReadMarker(
  current: ReadMarker | undefined,
  upTo: string,
  compareIds: (a: string, b: string) => number,
): { marker: ReadMarker; moved: boolean } {
  if (current && compareIds(upTo, current.upTo) <= 0) return { marker: current, moved: false }
  return { marker: { upTo }, moved: true }
}

// Devices take turns: wait about 2 s for the one before; not having the claim by then
// means a holder crashed mid-way (its claim expires), and moving anyway is safe apart
// from that one race.
const LOCK = {
  ttl: 5_000,
  wait: { forMs: 2_000, everyMs: 20 },
  onTimeout: 'proceed',
} as const

/**
 * Moves the visitor's marker to `upTo` unless it is already there or later: stores it
 * (kept `keepMs`, the conversation's retention) and publishes the `read` event to every
 * stream of the visitor. Devices reporting at once, on any instance, take turns through
 * a store claim, so a slower earlier report never moves the marker back.
 */
export async function moveReadMarker(
  store: Records & Claims & VisitorEvents & EntryIds,
  visitorId: string,
  upTo: string,
  options: { keepMs: number; logger: Logger },
): Promise<ReadMarker> {
  return withClaim(store, readLockKey(visitorId), LOCK, async (lease) => {
    if (!lease.held)
      options.logger.warn('read marker lock not acquired; moving it anyway', { visitorId })
    const current = await loadReadMarker(store, visitorId, options.logger)
    const { marker, moved } = nextReadMarker(current, upTo, (a, b) => store.compareIds(a, b))
    if (!moved) return marker
    await store.setRecord(readMarkerKey(visitorId), marker, options.keepMs)
    await store.publish(visitorId, { event: 'read', data: marker })
    return marker
  })
}
