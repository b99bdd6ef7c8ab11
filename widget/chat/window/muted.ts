import type { Observable } from '../../state/observable'
import type { KeyValueStore } from '../../storage/key-value-store'

/**
 * The visitor's choice of the reply sound: shown at once (the header's toggle), stored
 * for every tab and the next page (`muted`, read back by attention.ts).
 */
export function saveMuted(
  storage: KeyValueStore,
  mute: Observable<{ muted: boolean }>,
  muted: boolean,
): void {
  mute.set({ muted })
  void (muted ? storage.set('muted', true) : storage.del('muted')).catch(() => {})
}
