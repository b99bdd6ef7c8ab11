import type { Device, PublicInvitation } from '../../shared/widget-api'

/** What the invitation rules are checked against, gathered by invite-facts.ts. */
export interface VisitFacts {
  /** The page's path (location.pathname). */
  path: string
  secondsOnPage: number
  secondsOnSite: number
  /** Page views in this visit, this one included (single-page-app navigations count). */
  pageViews: number
  /** Unknown until the first status answer. */
  agentsOnline: boolean | undefined
  device: Device
  /** The visit's referring URL ('' when none). */
  referrer: string
  utm: { source?: string; medium?: string; campaign?: string }
  /** The visitor's first visit in this browser, and never chatted. */
  newVisitor: boolean
}

type Conditions = PublicInvitation['when']

/** A page pattern matcher (page-pattern.ts matchesPage: `*` any run, anchored). */
export type Matches = (pattern: string, value: string) => boolean

/** The conditions other than time: they hold now, or not yet (the time ones wait). */
function holds(when: Conditions, facts: VisitFacts, matches: Matches): boolean {
  const utm = when.utm ?? {}
  /** True when the pattern is not given, or the value is present and matches it. */
  const fits = (pattern: string | undefined, value: string | undefined): boolean =>
    pattern === undefined || (value !== undefined && matches(pattern, value))
  return (
    (!when.pages || when.pages.some((page) => matches(page, facts.path))) &&
    (when.minPageViews === undefined || facts.pageViews >= when.minPageViews) &&
    (when.agentsOnline === undefined || facts.agentsOnline === when.agentsOnline) &&
    (when.device === undefined || facts.device === when.device) &&
    fits(when.referrer, facts.referrer || undefined) &&
    fits(utm.source, facts.utm.source) &&
    fits(utm.medium, facts.utm.medium) &&
    fits(utm.campaign, facts.utm.campaign) &&
    (!when.newVisitorsOnly || facts.newVisitor)
  )
}

/** Seconds until the rule's time conditions hold (0 or less: they hold now). */
function secondsToWait(when: Conditions, facts: VisitFacts): number {
  return Math.max(
    (when.secondsOnPage ?? 0) - facts.secondsOnPage,
    (when.secondsOnSite ?? 0) - facts.secondsOnSite,
  )
}

export interface InvitationMatch {
  /** The first rule (in the settings' order) whose every condition holds now. */
  rule?: PublicInvitation
  /**
   * Without a match: seconds until a rule whose other conditions hold meets its time
   * conditions, so the caller checks again then. Absent: nothing can match by waiting.
   */
  retryIn?: number
}

/**
 * Picks the invitation to show: the first rule whose every condition holds and that
 * `shown` does not rule out (already shown within its frequency). A pure function of
 * the rules and the facts (`matches` is page-pattern.ts matchesPage).
 */
export function matchInvitation(
  rules: readonly PublicInvitation[],
  facts: VisitFacts,
  shown: (rule: PublicInvitation) => boolean,
  matches: Matches,
): InvitationMatch {
  let retryIn: number | undefined
  for (const rule of rules) {
    if (shown(rule) || !holds(rule.when, facts, matches)) continue
    const wait = secondsToWait(rule.when, facts)
    if (wait <= 0) return { rule }
    retryIn = Math.min(retryIn ?? wait, wait)
  }
  return retryIn === undefined ? {} : { retryIn }
}

/** What a rule needs remembered across page views, so facts are kept only when needed. */
export function needsVisit(rules: readonly PublicInvitation[]): boolean {
  return rules.some(
    ({ when }) =>
      when.secondsOnSite !== undefined ||
      when.minPageViews !== undefined ||
      when.referrer !== undefined ||
      when.utm !== undefined ||
      when.newVisitorsOnly === true,
  )
}
