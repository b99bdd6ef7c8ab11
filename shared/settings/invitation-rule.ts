import { z } from 'zod'
import { INVITE_FREQUENCIES, InvitationConditions } from '../widget-api'
import { siteText } from './site-text'

export const InvitationRule = z.strictObject({
  text: siteText(1000),
  when: InvitationConditions.default({}),
  frequency: z.enum(INVITE_FREQUENCIES).default('once-per-session'),
})
export type InvitationRule = z.infer<typeof InvitationRule>

/** The settings' old single invitation (`invite`), still read. */
export const LegacyInvite = z.strictObject({
  text: siteText(1000),
  // The rule's seconds on the page and its pages (inviteToRule).
  delaySeconds: InvitationConditions.shape.secondsOnPage.unwrap().default(30),
  pages: InvitationConditions.shape.pages,
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
