import { describe, expect, it } from 'vitest'
import type { PublicInvitation } from '../../../shared/widget-api'
import { matchInvitation, needsVisit, type VisitFacts } from '../../../widget/loader/invite-match'
import { matchesPage } from '../../../widget/loader/page-pattern'

const facts: VisitFacts = {
  path: '/pricing/teams',
  secondsOnPage: 0,
  secondsOnSite: 0,
  pageViews: 1,
  agentsOnline: true,
  device: 'desktop',
  referrer: 'https://www.google.com/search?q=chat',
  utm: { source: 'newsletter', medium: 'email', campaign: 'spring-sale' },
  newVisitor: true,
}
const rule = (
  text: string,
  when: PublicInvitation['when'] = {},
  frequency: PublicInvitation['frequency'] = 'every-page-view',
): PublicInvitation => ({ text, when, frequency })
const never = () => false
const match = (rules: PublicInvitation[], changes: Partial<VisitFacts> = {}) =>
  matchInvitation(rules, { ...facts, ...changes }, never, matchesPage)

describe('matchInvitation: every condition', () => {
  it.each<[string, PublicInvitation['when'], Partial<VisitFacts>, Partial<VisitFacts>]>([
    ['pages (any may match)', { pages: ['/blog*', '/pricing*'] }, {}, { path: '/about' }],
    ['an empty pages list matches no page', { pages: [] }, { path: 'never' }, {}],
    ['minPageViews', { minPageViews: 3 }, { pageViews: 3 }, { pageViews: 2 }],
    ['agentsOnline: true', { agentsOnline: true }, {}, { agentsOnline: false }],
    ['agentsOnline: false', { agentsOnline: false }, { agentsOnline: false }, {}],
    [
      'agentsOnline before the first status answer',
      { agentsOnline: true },
      {},
      { agentsOnline: undefined },
    ],
    ['device', { device: 'mobile' }, { device: 'mobile' }, { device: 'desktop' }],
    ['referrer', { referrer: '*google.*' }, {}, { referrer: 'https://duckduckgo.com/' }],
    ['referrer when there is none', { referrer: '*' }, {}, { referrer: '' }],
    ['utm source', { utm: { source: 'news*' } }, {}, { utm: { source: 'ads' } }],
    ['utm medium', { utm: { medium: 'email' } }, {}, { utm: { medium: 'cpc' } }],
    ['utm campaign', { utm: { campaign: 'spring-*' } }, {}, { utm: {} }],
    ['newVisitorsOnly', { newVisitorsOnly: true }, {}, { newVisitor: false }],
    [
      'newVisitorsOnly: false lets everyone',
      { newVisitorsOnly: false },
      { newVisitor: false },
      { path: 'never' },
    ],
  ])('%s', (_name, when, holds, fails) => {
    const rules = [rule('Hi', when)]
    if (holds.path !== 'never') expect(match(rules, holds).rule?.text).toBe('Hi')
    if (fails.path !== 'never') expect(match(rules, fails).rule).toBeUndefined()
  })

  it('secondsOnPage and secondsOnSite wait: the answer says when to look again', () => {
    const rules = [rule('Hi', { secondsOnPage: 30, secondsOnSite: 120 })]
    expect(match(rules, { secondsOnPage: 10, secondsOnSite: 10 })).toEqual({ retryIn: 110 })
    expect(match(rules, { secondsOnPage: 10, secondsOnSite: 115 })).toEqual({ retryIn: 20 })
    expect(match(rules, { secondsOnPage: 30, secondsOnSite: 120 }).rule?.text).toBe('Hi')
  })

  it('does not wait for a rule whose other conditions fail', () => {
    expect(match([rule('Hi', { secondsOnPage: 30, device: 'mobile' })])).toEqual({})
  })

  it('needs every condition to hold', () => {
    const when: PublicInvitation['when'] = {
      pages: ['/pricing*'],
      device: 'desktop',
      agentsOnline: true,
    }
    expect(match([rule('Hi', when)]).rule?.text).toBe('Hi')
    expect(match([rule('Hi', { ...when, device: 'mobile' })]).rule).toBeUndefined()
  })
})

describe('matchInvitation: order and frequency', () => {
  it('the first matching rule wins', () => {
    const rules = [
      rule('Mobile', { device: 'mobile' }),
      rule('Pricing', { pages: ['/pricing*'] }),
      rule('Anywhere'),
    ]
    expect(match(rules).rule?.text).toBe('Pricing')
    expect(match(rules, { device: 'mobile' }).rule?.text).toBe('Mobile')
    expect(match(rules, { path: '/' }).rule?.text).toBe('Anywhere')
  })

  it('a rule that matches now wins over an earlier one still waiting; the wait is for the nearest', () => {
    const rules = [rule('Later', { secondsOnPage: 60 }), rule('Soon', { secondsOnPage: 5 })]
    expect(match(rules, { secondsOnPage: 1 })).toEqual({ retryIn: 4 })
    expect(match(rules, { secondsOnPage: 5 }).rule?.text).toBe('Soon')
  })

  it('skips what was shown within its frequency and moves on to the next rule', () => {
    const rules = [rule('Once', {}, 'once-per-visitor'), rule('Every time')]
    const shown = (candidate: PublicInvitation) => candidate.text === 'Once'
    expect(matchInvitation(rules, facts, shown, matchesPage).rule?.text).toBe('Every time')
    expect(matchInvitation(rules, facts, () => true, matchesPage)).toEqual({})
  })

  it('stays fast with a thousand rules (the first match ends the search)', () => {
    const rules = Array.from({ length: 1000 }, (_, index) =>
      rule(`Rule ${index}`, { pages: [`/page-${index}`] }),
    )
    expect(match(rules, { path: '/page-999' }).rule?.text).toBe('Rule 999')
    expect(match(rules, { path: '/none' })).toEqual({})
  })
})

describe('needsVisit', () => {
  it('is true only when a rule needs memory across page views', () => {
    expect(needsVisit([rule('a', { pages: ['/x'], secondsOnPage: 5, device: 'mobile' })])).toBe(
      false,
    )
    for (const when of [
      { secondsOnSite: 5 },
      { minPageViews: 2 },
      { referrer: '*' },
      { utm: { source: 'x' } },
      { newVisitorsOnly: true },
    ])
      expect(needsVisit([rule('a'), rule('b', when)])).toBe(true)
  })
})
