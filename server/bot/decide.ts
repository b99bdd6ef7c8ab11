import type { ArticleResult } from '../../shared/help/article-tree'
import type { BotMessagePayload, ClientMessageEvent } from '../../shared/protocol'
import {
  type BotRule,
  type BotSettings,
  HANDOVER_BUTTON_ID,
  type RuleReply,
} from '../../shared/settings/bot-rules'
import { fillText, type LocalizedText, pickText } from '../../shared/settings/localized-text'
import { articleAnswer, articleButtonOf } from './article-answer'
import type { BotChat } from './bot-chat'
import { findContact, findMalformedEmail, formatContact } from './contact'
import { guessLanguage } from './language'
import type { Matcher } from './matcher'

/** What happened with the site's articles, for the counters and the "no article" list. */
export type ArticleStep = 'answered' | 'helped' | 'rephrase' | 'missed' | 'written'

/** What the bot does with one customer message: replies in order, then maybe INVITE_AGENT. */
export type Decision = {
  replies: BotMessagePayload[]
  invite: boolean
  state: BotChat
  /**
   * Set on a hand-over an article could still prevent (articles on, nothing else
   * answered): the question to search, in the language to search it in. The caller
   * searches and decides again with the outcome.
   */
  question?: { text: string; language: string }
  articles?: ArticleStep
}

/** What a search of the articles found for the question of a first decision. */
export type ArticleFound = { found: ArticleResult | undefined }

function toPayload(reply: RuleReply): BotMessagePayload {
  if (reply.type !== 'BUTTONS') return { ...reply }
  return { ...reply, buttons: reply.buttons.map((button) => ({ ...button })) }
}

function pressedRule(matcher: Matcher, buttonId: string | undefined, text: string) {
  buttonId ??= matcher.buttonByText(text)?.id
  if (buttonId === HANDOVER_BUTTON_ID) return 'handover' as const
  return buttonId === undefined ? undefined : matcher.ruleByName(buttonId)
}

/**
 * The rules brain's choice for a CLIENT_MESSAGE, as a pure function of the
 * settings, the chat's state and the message (the caller sends and saves).
 * Order: contact details while they are asked for; a pressed button; a request
 * for a person; the first matching rule; "That helped" under an article answer; then,
 * with `bot.articleAnswers`, the article that answers (`context.article`, from a search of
 * the question the first decision named), or once "could you say it differently?";
 * otherwise hand over (or, while waiting
 * for contact details, ask again; while waiting for an agent, stay quiet). A hand-over
 * while the service says no agent is online promises no connection: the service's
 * AGENT_UNAVAILABLE answer brings the bot's words for that.
 */
export function decide(
  settings: BotSettings,
  matcher: Matcher,
  state: BotChat,
  message: ClientMessageEvent['message'],
  context: {
    agentsOnline?: boolean
    article?: ArticleFound
    /** The model's written answer to the question of a first decision (server/model-answers/). */
    written?: BotMessagePayload[]
  } = {},
): Decision {
  const text = message.type === 'TEXT' ? message.text : (message.text ?? '')
  const buttonId = message.type === 'TEXT' ? message.button_id : undefined
  const pressed = pressedRule(matcher, buttonId, text)
  const articleButton = pressed ? undefined : articleButtonOf(settings, text, buttonId)
  const contact = state.phase === 'awaiting-contact' ? findContact(text) : undefined
  const handoverLanguage = pressed === 'handover' ? undefined : matcher.handoverLanguage(text)
  const wantsPerson =
    pressed === 'handover' ||
    articleButton === 'person' ||
    (!pressed && !articleButton && handoverLanguage !== undefined)
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
  // `rephrased` holds only while the bot's last word was "could you say it differently?".
  const next: BotChat = {
    ...state,
    greeted: true,
    language,
    rephrased: undefined,
    written: undefined,
  }

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
  if (articleButton === 'helped') {
    replies.push(say(settings.articleThanksText))
    return { replies, invite: false, state: next, articles: 'helped' }
  }
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
  const searchable = settings.articleAnswers && !wantsPerson && text.trim() !== ''
  if (searchable && context.written) {
    replies.push(...context.written)
    return { replies, invite: false, state: { ...next, written: true }, articles: 'written' }
  }
  const found = searchable ? context.article : undefined
  if (found?.found) {
    replies.push(...articleAnswer(settings, language, found.found))
    return { replies, invite: false, state: next, articles: 'answered' }
  }
  // With nobody online the message is left for the team (often through the offline
  // form, with the visitor's contact): it goes to them at once, not back for rewording.
  if (found && !state.rephrased && context.agentsOnline !== false) {
    replies.push(say(settings.articleRephraseText))
    return { replies, invite: false, state: { ...next, rephrased: true }, articles: 'rephrase' }
  }
  if (settings.handoverText !== false && context.agentsOnline !== false)
    replies.push(say(settings.handoverText))
  return {
    replies,
    invite: true,
    state: { ...next, phase: 'handover' },
    ...(found ? { articles: 'missed' as const } : {}),
    ...(searchable && !context.article && !context.written ? { question: { text, language } } : {}),
  }
}
