import type { KeyValueStore } from '../storage/key-value-store'

/**
 * What the customer is typing, kept outside the composer so a re-render (the composer
 * replaced, the window closed) or a reload never loses it. Saved on every change in
 * the widget's storage (the visitor has engaged by typing); empty is deleted.
 */
export function createDraft(storage: KeyValueStore) {
  let text = ''
  let edited = false
  const loaded = storage.get('draft').then(
    (stored) => {
      if (!edited && typeof stored === 'string') text = stored
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
      void (value ? storage.set('draft', value) : storage.del('draft')).catch(() => {})
    },
  }
}
export type Draft = ReturnType<typeof createDraft>
