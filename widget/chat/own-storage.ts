import type { WidgetContext } from '../loader/context'
import type { KeyValueStore } from '../storage/key-value-store'

/**
 * The context the chat works with: the widget's, whose store takes no more writes once
 * Porthole.shutdown() ended the session on this device. A message the service takes
 * after that, a reply on its way or a read marker would otherwise land after the store
 * was emptied, and the next visitor on this device would see it, or send it again.
 * Everything else reads through to the widget's context and store (Porthole.setAttributes
 * changes `url`).
 */
export function ownStorage(context: WidgetContext): WidgetContext {
  const { storage } = context
  const store: KeyValueStore = Object.create(storage)
  for (const name of ['set', 'del', 'write'] as const)
    store[name] = (...args: unknown[]) =>
      context.ended
        ? Promise.resolve()
        : (storage[name] as (...args: unknown[]) => Promise<void>)(...args)
  return Object.create(context, { storage: { value: store } })
}
