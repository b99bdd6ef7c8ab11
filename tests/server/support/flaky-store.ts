import type { Store } from '../../../server/store/types'

/**
 * `store` with one method that rejects ("store unreachable") while `isDown()` holds:
 * a store outage at one step of a request.
 *
 * @example let down = true; const store = flakyStore(createMemoryStore(), 'claim', () => down)
 */
export function flakyStore(store: Store, method: keyof Store, isDown: () => boolean): Store {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver)
      if (property === method && typeof value === 'function') {
        return (...args: unknown[]) =>
          isDown() ? Promise.reject(new Error('store unreachable')) : value.apply(target, args)
      }
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
