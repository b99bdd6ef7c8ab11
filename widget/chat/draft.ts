import type { KeyValueStore } from '../storage/key-value-store'
import type { Masking } from './masking/masking'

/**
 * What the customer is typing, kept outside the composer so a re-render (the composer
 * replaced, the window closed) or a reload never loses it. Saved on every change in
 * the widget's storage (the visitor has engaged by typing); empty is deleted. A change
 * made elsewhere (a signed-out device's unsent text put back, a cleared history) shows
 * in the mounted message box: it watches the draft.
 */
export function createDraft(storage: KeyValueStore, masking: Masking) {
  let text = ''
  // Each change's save is numbered: a masked save that comes late never overwrites a newer one.
  let saves = 0
  let edited = false
  let show: ((text: string) => void) | undefined
  const loaded = storage.get('draft').then(
    (stored) => {
      if (!edited && typeof stored === 'string') {
        text = stored
        show?.(text)
      }
      return text
    },
    () => text,
  )
  return {
    get: (): string => text,
    /** The stored draft, once read (what was typed meanwhile wins). */
    loaded: (): Promise<string> => loaded,
    set(value: string): void {
      edited = true
      if (value === text) return
      text = value
      show?.(value)
      const save = ++saves
      // Stored masked (a card number typed is never kept); the box shows what was typed.
      masking(value, (masked) => {
        if (save !== saves) return
        void (masked.text ? storage.set('draft', masked.text) : storage.del('draft')).catch(
          () => {},
        )
      })
    },
    /**
     * Calls `listener` with the text now, once read and at every change. One listener:
     * the message box mounted last (one unmounted ignores its calls).
     */
    watch(listener: (text: string) => void): void {
      show = listener
      listener(text)
    },
  }
}
export type Draft = ReturnType<typeof createDraft>
