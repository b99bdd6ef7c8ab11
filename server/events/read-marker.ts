import { ReadMarker } from '../../shared/widget-api'
import type { Logger } from '../logging/logger'
import type { Store } from '../store/types'

// A visitor's read marker: the newest entry they have seen on any device. One store
// record per visitor, sent to every stream before its replay and on every move.

/** The store record holding the visitor's marker. */
export function readMarkerKey(visitorId: string): string {
  return `read:${visitorId}`
}

/** The visitor's marker, or undefined when none is set (a damaged record counts as none). */
export async function loadReadMarker(
  store: Store,
  visitorId: string,
  logger: Logger,
): Promise<ReadMarker | undefined> {
  const record = await store.getRecord<unknown>(readMarkerKey(visitorId))
  if (record === undefined) return undefined
  const parsed = ReadMarker.safeParse(record)
  if (parsed.success && store.isValidId(parsed.data.upTo)) return parsed.data
  logger.warn('read marker record is damaged; treating it as unset', { visitorId })
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
