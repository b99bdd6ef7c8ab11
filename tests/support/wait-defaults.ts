import { REAL_WORK_TIMEOUT_MS } from './timeouts'

// Testing Library's waitFor and findBy* give up after 1 s by default: too tight for a
// dynamic import or IndexedDB on a loaded machine. Set once for every test file with a
// DOM (the widget project, and node files under `@vitest-environment happy-dom`); files
// without one never load Testing Library for it.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/preact')
  configure({ asyncUtilTimeout: REAL_WORK_TIMEOUT_MS })
}
