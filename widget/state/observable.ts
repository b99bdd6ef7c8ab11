/** A tiny observable value: the one way widget parts share state. */
export interface Observable<T extends object> {
  get(): T
  set(patch: Partial<T>): void
  subscribe(listener: (value: T) => void): () => void
}

export function observable<T extends object>(initial: T): Observable<T> {
  let value = initial
  const listeners = new Set<(value: T) => void>()
  return {
    get: () => value,
    set(patch) {
      if ((Object.keys(patch) as (keyof T)[]).every((key) => Object.is(patch[key], value[key])))
        return
      value = { ...value, ...patch }
      for (const listener of [...listeners]) listener(value)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
