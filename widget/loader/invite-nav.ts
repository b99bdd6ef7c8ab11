/**
 * Calls `onPage` when a single-page app changes the page's path: pushState and
 * replaceState fire no event, so they are wrapped (and unwrapped by the returned
 * function); back and forward fire popstate.
 */
export function onPathChange(onPage: () => void): () => void {
  let stopped = false
  let path = location.pathname
  const check = (): void => {
    if (stopped || location.pathname === path) return
    path = location.pathname
    onPage()
  }
  const restore = (['pushState', 'replaceState'] as const).map((name) => {
    const original = history[name]
    const wrapper = function (this: History, ...args: Parameters<History['pushState']>) {
      original.apply(this, args)
      check()
    }
    history[name] = wrapper
    // Another script may have wrapped it since: then ours stays in its chain, stopped.
    return () => {
      if (history[name] === wrapper) history[name] = original
    }
  })
  window.addEventListener('popstate', check)
  return () => {
    stopped = true
    for (const undo of restore) undo()
    window.removeEventListener('popstate', check)
  }
}

// Loaded together (page patterns are checked on navigation): one chunk for both.
export { matchesAnyPage, matchesPage } from './page-pattern'
