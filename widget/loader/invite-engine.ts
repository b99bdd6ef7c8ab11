import type { WidgetContext } from './context'
import { countPageView, createShownMemory, deviceOf, isFirstVisit } from './invite-facts'
import { matchInvitation, needsVisit } from './invite-match'
import { matchesPage, onPathChange } from './invite-nav'
import { parseInvitations } from './invite-rules'

/**
 * Runs the site's invitation rules: the first rule whose every condition holds shows
 * (at most one invitation per page view), checked again when a time condition comes
 * due, when the status changes and on every page view of a single-page app. The rules
 * are the settings' `invitations`, parsed here.
 */
export function runRules(
  { ui, settings }: WidgetContext,
  /** Resolves true when this text must not show (dismissed before, or already chatting). */
  isSuppressed: (text: string) => Promise<boolean>,
) {
  const { invitations } = settings
  // Outside business hours the widget hides: no invitation then.
  const hideAway = settings.businessHours?.outside === 'hide'
  const rules = parseInvitations(invitations) ?? []
  if (rules.length === 0 && invitations !== undefined)
    console.error('Porthole: ignoring invitation rules the widget cannot read')
  // A site that requires consent (privacy.consent): the rules remember nothing in the
  // browser, so each page view is the visit's first and every visitor is new.
  const stores = !settings.consent
  const remember = stores && needsVisit(rules)
  const memory = createShownMemory(stores)
  const blocked = new Set<string>()
  let pageStart = Date.now()
  let visit = countPageView(remember, pageStart)
  const newVisitor =
    rules.some((rule) => rule.when.newVisitorsOnly) && (!stores || isFirstVisit(visit))
  let timer: ReturnType<typeof setTimeout> | undefined
  // At most one invitation per page view; the rule's text while it shows.
  let done = false
  let shown: string | undefined
  let ready = false

  function check(): void {
    clearTimeout(timer)
    const state = ui.get()
    if (!ready || done || state.open || state.invite !== undefined || (state.away && hideAway))
      return
    const now = Date.now()
    const { rule, retryIn } = matchInvitation(
      rules,
      {
        path: location.pathname,
        secondsOnPage: (now - pageStart) / 1000,
        secondsOnSite: (now - visit.start) / 1000,
        pageViews: visit.views,
        agentsOnline: state.online,
        device: deviceOf(),
        referrer: visit.ref,
        utm: visit.utm,
        newVisitor,
      },
      (candidate) => blocked.has(candidate.text) || memory.has(candidate),
      matchesPage,
    )
    if (rule) {
      done = true
      shown = rule.text
      memory.add(rule)
      ui.set({ invite: rule.text })
    } else if (retryIn !== undefined) timer = setTimeout(check, retryIn * 1000)
  }

  let previous = ui.get()
  const unsubscribe = ui.subscribe((state) => {
    // A dismissed invitation is not shown again in this page view (nor after, if dismissed
    // for good: the loader's isSuppressed remembers it).
    if (previous.invite !== undefined && state.invite === undefined) blocked.add(previous.invite)
    const changed = state.online !== previous.online || state.away !== previous.away
    previous = state
    if (changed) check()
  })
  const stopNavigation = onPathChange(() => {
    pageStart = Date.now()
    visit = countPageView(remember, pageStart)
    memory.newPage()
    blocked.clear()
    done = false
    if (shown !== undefined && ui.get().invite === shown) ui.set({ invite: undefined })
    shown = undefined
    void suppress().then(check)
  })
  const suppress = () =>
    Promise.all(
      rules.map(async (rule) => {
        if (await isSuppressed(rule.text)) blocked.add(rule.text)
      }),
    )
  void suppress().then(() => {
    ready = true
    check()
  })

  return {
    /** An invitation shows by other means (Porthole.showInvite): none from the rules here. */
    stop(): void {
      clearTimeout(timer)
      done = true
    },
    destroy(): void {
      ready = false
      clearTimeout(timer)
      unsubscribe()
      stopNavigation()
    },
  }
}

export type InviteEngine = typeof runRules
