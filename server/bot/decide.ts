import type { BotMessagePayload, ClientMessageEvent } from '../../shared/protocol'
import {
  type BotRule,
  type BotSettings,
  HANDOVER_BUTTON_ID,
  type RuleReply,
} from '../../shared/settings/bot-rules'
import { fillText, type LocalizedText, pickText } from '../../shared/settings/localized-text'
import type { BotChat } from './bot-chat'
import { findContact, findMalformedEmail, formatContact } from './contact'
import { guessLanguage } from './language'
import type { Matcher } from './matcher'

/** What the bot does with one customer message: replies in order, then maybe INVITE_AGENT. */
export type Decision = { replies: BotMessagePayload[]; invite: boolean; state: BotChat }

function toPayload(reply: RuleReply): BotMessagePayload {
  if (reply.type !== 'BUTTONS') return { ...reply }
  return { ...reply, buttons: reply.buttons.map((button) => ({ ...button })) }
}

function pressedRule(matcher: Matcher, message: ClientMessageEvent['message'], text: string) {
  const buttonId =
    (message.type === 'TEXT' ? message.button_id : undefined) ?? matcher.buttonByText(text)?.id
  if (buttonId === HANDOVER_BUTTON_ID) return 'handover' as const
  return buttonId === undefined ? undefined : matcher.ruleByName(buttonId)
}

/**
 * The rules brain's choice for a CLIENT_MESSAGE, as a pure function of the
 * settings, the chat's state and the message (the caller sends and saves).
 * Order: contact details while they are asked for; a pressed button; a request
 * for a person; the first matching rule; otherwise hand over (or, while waiting
 * for contact details, ask again; while waiting for an agent, stay quiet). A hand-over
 * while the service says no agent is online promises no connection: the service's
 * AGENT_UNAVAILABLE answer brings the bot's words for that.
 */
export function decide(
  settings: BotSettings,
  matcher: Matcher,
  state: BotChat,
  message: ClientMessageEvent['message'],
  context: { agentsOnline?: boolean } = {},
): Decision {
  const text = message.type === 'TEXT' ? message.text : (message.text ?? '')
  const pressed = pressedRule(matcher, message, text)
  const contact = state.phase === 'awaiting-contact' ? findContact(text) : undefined
  const handoverLanguage = pressed === 'handover' ? undefined : matcher.handoverLanguage(text)
  const wantsPerson = pressed === 'handover' || (!pressed && handoverLanguage !== undefined)
  const rule: BotRule | undefined =
    pressed && pressed !== 'handover' ? pressed : wantsPerson ? undefined : matcher.findRule(text)
  const language =
    rule?.lang ??
    handoverLanguage ??
    guessLanguage(text, settings.defaultLanguage) ??
    state.language ??
    settings.defaultLanguage
  const say = (localized: LocalizedText, values: Record<string, string> = {}) =>
    ({
      type: 'TEXT',
      text: fillText(pickText(localized, language, settings.defaultLanguage), values),
    }) as const

  const replies: BotMessagePayload[] = []
  if (!state.greeted && settings.greeting) replies.push(say(settings.greeting))
  const next: BotChat = { ...state, greeted: true, language }

  if (contact) {
    const merged = { ...state.contact, ...contact }
    replies.push(say(settings.contactThanksText, { contact: formatContact(merged) }))
    return {
      replies,
      invite: false,
      state: { ...next, phase: 'contact-received', contact: merged },
    }
  }
  if (rule) {
    replies.push(toPayload(rule.reply))
    return { replies, invite: false, state: next }
  }
  if (state.phase === 'handover') return { replies, invite: false, state: next }
  if (state.phase === 'awaiting-contact' && !wantsPerson) {
    // A mistyped address is named back, so the customer sees what to fix.
    const malformed = findMalformedEmail(text)
    replies.push(
      malformed
        ? say(settings.contactBadEmailText, { email: malformed })
        : say(settings.contactRetryText),
    )
    return { replies, invite: false, state: next }
  }
  if (settings.handoverText !== false && context.agentsOnline !== false)
    replies.push(say(settings.handoverText))
  return { replies, invite: true, state: { ...next, phase: 'handover' } }
}
