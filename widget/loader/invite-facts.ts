import type { InviteFrequency, PublicInvitation } from '../../shared/widget-api'
import type { VisitFacts } from './invite-match'

// What the invitation rules need to know about the visit, and what they remember.
// Nothing is stored unless the site's rules need it (issue #14: a first-time visitor
// who never interacts leaves no storage otherwise):
// - sessionStorage `porthole-visit` ({start, views, ref, utm}): only when a rule has
//   secondsOnSite, minPageViews, referrer, utm or newVisitorsOnly;
// - localStorage `porthole-first` (the first visit's start): only with newVisitorsOnly;
// - `porthole-invited` (the texts shown): in localStorage for once-per-visitor rules, in
//   sessionStorage for once-per-session rules, written when such an invitation shows.

const VISIT = 'porthole-visit'
const FIRST = 'porthole-first'
const INVITED = 'porthole-invited'

/** The visit as remembered for the tab's session. */
export interface Visit {
  start: number
  views: number
  /** The landing page's referrer and utm_* parameters. */
  ref: string
  utm: VisitFacts['utm']
}

/** Web storage, or undefined where the browser refuses it (private modes, sandboxes). */
function store(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return window[kind]
  } catch {
    return undefined
  }
}

function read<T>(
  storage: Storage | undefined,
  key: string,
  check: (value: unknown) => boolean,
): T | undefined {
  try {
    const value: unknown = JSON.parse(storage?.getItem(key) ?? 'null')
    return check(value) ? (value as T) : undefined
  } catch {
    return undefined
  }
}

function write(storage: Storage | undefined, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value))
  } catch {
    // Full or refused: the rules then act as on a first page view.
  }
}

/** The utm_* parameters of a URL's query. */
export function utmOf(search: string): VisitFacts['utm'] {
  const params = new URLSearchParams(search)
  const utm: VisitFacts['utm'] = {}
  for (const key of ['source', 'medium', 'campaign'] as const) {
    const value = params.get(`utm_${key}`)
    if (value !== null) utm[key] = value
  }
  return utm
}

const isVisit = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  Number.isFinite((value as Visit).start) &&
  Number.isFinite((value as Visit).views) &&
  typeof (value as Visit).ref === 'string' &&
  typeof (value as Visit).utm === 'object'

/**
 * Counts this page view in the tab's visit (starting one on the first) and returns it.
 * `remember` false: nothing is stored, the visit is this page alone.
 */
export function countPageView(remember: boolean, now: number): Visit {
  const session = remember ? store('sessionStorage') : undefined
  const previous = read<Visit>(session, VISIT, isVisit)
  const visit: Visit = previous
    ? { ...previous, views: previous.views + 1 }
    : { start: now, views: 1, ref: document.referrer, utm: utmOf(location.search) }
  write(session, VISIT, visit)
  return visit
}

/** True on the visitor's first visit in this browser (only asked when a rule needs it). */
export function isFirstVisit(visit: Visit): boolean {
  const local = store('localStorage')
  const first = read<number>(local, FIRST, Number.isFinite)
  if (first === undefined) write(local, FIRST, visit.start)
  return first === undefined || first === visit.start
}

/** Mobile: a narrow window or a touch-only device. */
export function deviceOf(): VisitFacts['device'] {
  return matchMedia('(max-width:767px),(hover:none) and (pointer:coarse)').matches
    ? 'mobile'
    : 'desktop'
}

const STORAGE_OF: Partial<Record<InviteFrequency, 'localStorage' | 'sessionStorage'>> = {
  'once-per-visitor': 'localStorage',
  'once-per-session': 'sessionStorage',
}

const isTexts = (value: unknown): boolean =>
  Array.isArray(value) && value.every((text) => typeof text === 'string')

/**
 * The invitations already shown within their frequency (every page view: this page).
 * `stores` false: this page's memory only, nothing written to web storage.
 */
export function createShownMemory(stores = true) {
  const thisPage = new Set<string>()
  const texts = (kind: 'localStorage' | 'sessionStorage') =>
    read<string[]>(store(kind), INVITED, isTexts) ?? []
  return {
    has(rule: PublicInvitation): boolean {
      const kind = STORAGE_OF[rule.frequency]
      return thisPage.has(rule.text) || (kind !== undefined && texts(kind).includes(rule.text))
    },
    add(rule: PublicInvitation): void {
      thisPage.add(rule.text)
      const kind = STORAGE_OF[rule.frequency]
      // The newest 50 texts: enough for any site's rules, bounded for any edit history.
      if (kind && stores) write(store(kind), INVITED, [...texts(kind), rule.text].slice(-50))
    },
    /** A new page view (a single-page-app navigation): every-page-view rules may show again. */
    newPage(): void {
      thisPage.clear()
    },
  }
}
