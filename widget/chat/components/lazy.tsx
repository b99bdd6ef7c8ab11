import type { ComponentType } from 'preact'
import { useEffect, useState } from 'preact/hooks'

/** After a failed load (the network dropped), the next try waits this long. */
const RETRY_MS = 3000

export type Lazy<P> = ComponentType<P> & {
  preload(): Promise<unknown>
  /** Whether its code is there (it renders at once). */
  ready(): boolean
}

/**
 * A component whose code is fetched the first time one renders (a chunk of its own, so
 * the first open of the chat does not pay for it). It renders nothing (or `Fallback`)
 * until the code arrives, then renders in place; a failed load is tried again (every mount, and every
 * RETRY_MS while mounted), so nothing stays hidden after a network hiccup.
 */
export function lazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
  /** Rendered until the code arrives (default: nothing). */
  Fallback?: ComponentType<P>,
): Lazy<P> {
  let loaded: ComponentType<P> | undefined
  let pending: Promise<unknown> | undefined
  const preload = () =>
    (pending ??= load().then(
      (component) => {
        loaded = component
      },
      (error: unknown) => {
        pending = undefined
        throw error
      },
    ))
  function LazyComponent(props: P) {
    const [, setReady] = useState(false)
    const drawn = loaded
    useEffect(() => {
      // Loaded (a preload) since this drew its fallback: drawn again, now with it.
      if (loaded) return void (drawn || setReady(true))
      let live = true
      let timer: ReturnType<typeof setTimeout> | undefined
      const attempt = () =>
        preload().then(
          () => live && setReady(true),
          () => {
            if (live) timer = setTimeout(attempt, RETRY_MS)
          },
        )
      attempt()
      return () => {
        live = false
        clearTimeout(timer)
      }
    }, [])
    const Component = loaded ?? Fallback
    return Component ? <Component {...props} /> : null
  }
  return Object.assign(LazyComponent, { preload, ready: () => !!loaded })
}
