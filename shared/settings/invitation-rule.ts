import { z } from 'zod'
import { DEVICES, INVITE_FREQUENCIES, PagePattern } from '../widget-api'
import { siteText } from './site-text'

const seconds = z
  .number()
  .nonnegative('must be 0 or more')
  .max(86_400, 'must be at most 86400 (a day)')

/** When an invitation shows: every condition given must hold (none given: always). */
export const InvitationConditions = z.strictObject({
  /** Path patterns (`*` matches any run of characters); any may match (an empty list: no page). */
  pages: z.array(PagePattern).max(100).optional(),
  secondsOnPage: seconds.optional(),
  secondsOnSite: seconds.optional(),
  minPageViews: z.number().int('must be a whole number').min(1).max(1000).optional(),
  agentsOnline: z.boolean().optional(),
  device: z.enum(DEVICES).optional(),
  /** Matched against the referring page's URL (`*` any run). */
  referrer: PagePattern.optional(),
  utm: z
    .strictObject({
      source: PagePattern.optional(),
      medium: PagePattern.optional(),
      campaign: PagePattern.optional(),
    })
    .optional(),
  newVisitorsOnly: z.boolean().optional(),
})
export type InvitationConditions = z.infer<typeof InvitationConditions>

export const InvitationRule = z.strictObject({
  text: siteText(1000),
  when: InvitationConditions.default({}),
  frequency: z.enum(INVITE_FREQUENCIES).default('once-per-session'),
})
export type InvitationRule = z.infer<typeof InvitationRule>

/** The settings' old single invitation (`invite`), still read. */
export const LegacyInvite = z.strictObject({
  text: siteText(1000),
  delaySeconds: seconds.default(30),
  pages: z.array(PagePattern).max(100).optional(),
})
export type LegacyInvite = z.infer<typeof LegacyInvite>

/**
 * The old `invite` as one rule. Today's widget shows it on every page view until the
 * visitor dismisses it or chats, so the rule's frequency is every page view.
 */
export function inviteToRule(invite: LegacyInvite): InvitationRule {
  return {
    text: invite.text,
    when: {
      // An empty list stays empty: it matched no page, and still does.
      ...(invite.pages ? { pages: invite.pages } : {}),
      secondsOnPage: invite.delaySeconds,
    },
    frequency: 'every-page-view',
  }
}

/** True when a rule uses only what today's widget evaluates (pages and seconds on the page). */
export function isLegacyRule(rule: InvitationRule): boolean {
  return Object.keys(rule.when).every((key) => key === 'pages' || key === 'secondsOnPage')
}
