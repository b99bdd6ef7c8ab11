import { z } from 'zod'
import type {
  AgentUnavailableEvent,
  BotMessagePayload,
  ClientMessageEvent,
  ServiceToProviderEvent,
} from '../../shared/protocol'
import type { BotSettings } from '../../shared/settings/bot-rules'
import { fillText, pickText } from '../../shared/settings/localized-text'
import type { MetricsRegistry } from '../metrics/registry'
import {
  ARTICLE_SEARCH_TIMEOUT_MS,
  type BotArticles,
  recordUnanswered,
  searchArticles,
} from './articles'
import { type BotChat, type BotChats, createBotChats, newBotChat } from './bot-chat'
import { type BotMetrics, createBotMetrics } from './bot-metrics'
import type { BotVisitors } from './bot-visitors'
import { formatContact } from './contact'
import { type ArticleFound, type Decision, decide } from './decide'
import type { BotLogger } from './logger'
import { maskedClientMessage } from './masked-input'
import { createMatcher, type Matcher } from './matcher'
import type { BotContext, BotEventHandler } from './provider'
import type { BotStore } from './store'
import { type BotModel, withTurns, writtenAnswer } from './written-answer'

export type RulesBrainOptions = {
  /** The rules, or a function giving the rules in force now (read on each event). */
  settings: BotSettings | (() => BotSettings)
  store: BotStore
  logger: BotLogger
  /** How long an idle chat's state is kept when no CHAT_CLOSED arrives; default 30 days. */
  stateTtlMs?: number
  /** The widget's visitors (their one contact profile, the end of their conversation). */
  visitors?: BotVisitors
  /** The site's published articles: the bot answers from them before it hands over. */
  articles?: BotArticles
  /** Where the article counters go (/metrics); without it they are not kept. */
  registry?: MetricsRegistry
  /** The longest wait for an article search; default ARTICLE_SEARCH_TIMEOUT_MS. */
  articleTimeoutMs?: number
  /** The operator's language model (ANSWERS_LLM_URL): written answers before the article answer. */
  model?: BotModel
}

type Choose = (state: BotChat, article?: ArticleFound, written?: BotMessagePayload[]) => Decision
type Where = { chatId: string; clientId: string | undefined; logger: BotLogger }

/**
 * The decision for a message, with the articles searched when only they stand between
 * the customer and a hand-over; a failed search leaves the hand-over (logged, counted).
 */
async function decideWithArticles(
  choose: Choose,
  given: BotChat,
  options: RulesBrainOptions & { current: BotSettings },
  metrics: BotMetrics | undefined,
  where: Where,
): Promise<Decision> {
  const { logger } = where
  const { articles } = options
  let state = given
  let first = choose(state)
  const search = (question: { text: string; language: string }) =>
    articles && articles.published?.() !== 0
      ? searchArticles(articles, question.text, question.language, logger, options.articleTimeoutMs)
      : undefined
  let searched: ReturnType<typeof search>
  if (first.question && options.model) {
    // With a model still thinking when only the article search's own time is left, the
    // article answer's search starts beside it: a fallback then waits for nothing more,
    // so the visitor never waits much past ANSWERS_LLM_TIMEOUT_MS. A quick answer needs
    // no search (none is counted).
    const question = first.question
    const lead = Math.max(
      0,
      (options.model.answers.timeoutMs ?? 0) -
        (options.articleTimeoutMs ?? ARTICLE_SEARCH_TIMEOUT_MS),
    )
    const early = setTimeout(() => {
      searched = search(question)
    }, lead)
    // A written answer first; without one (a fallback, logged and counted) the article answer.
    const tried = await writtenAnswer(options.model, options.current, state, first, where).finally(
      () => clearTimeout(early),
    )
    state = tried.state
    if (tried.written) return choose(state, undefined, tried.written)
    if (state !== given) first = choose(state)
  }
  if (!first.question || !articles || articles.published?.() === 0) return first
  const { text, language } = first.question
  searched ??= search(first.question)
  const outcome = await (searched ?? 'failed')
  if (outcome === 'failed') {
    metrics?.articleSearchFailures.inc()
    return first
  }
  const decision = choose(state, outcome)
  if (!outcome.found) await recordUnanswered(articles, text, language, logger)
  return decision
}

function count(
  metrics: BotMetrics | undefined,
  step: Decision['articles'],
  model: BotModel | undefined,
  wasWritten: boolean,
): void {
  if (step === 'helped' && wasWritten && model) {
    model.answers.helped()
    return
  }
  if (!metrics || !step || step === 'written') return
  const counter = {
    answered: metrics.articleAnswers,
    helped: metrics.articleHelped,
    rephrase: metrics.articleRephrases,
    missed: metrics.articleMisses,
  }[step]
  counter.inc()
}

// Real CLIENT_MESSAGE payloads carry the customer card's sender.has_contacts (an
// extra field of the service, not in the spec's table).
const CardWithContacts = z.object({ sender: z.object({ has_contacts: z.literal(true) }) })

async function onClientMessage(
  event: ClientMessageEvent,
  ctx: BotContext,
  states: BotChats,
  choose: (state: BotChat) => Promise<Decision>,
  visitors: BotVisitors | undefined,
  metrics: BotMetrics | undefined,
  model: BotModel | undefined,
): Promise<void> {
  const state = (await states.get(event.chat_id)) ?? newBotChat(event.client_id)
  if (state.phase === 'agent') {
    // The service should not call the bot once an agent joined; if it does, stay out.
    ctx.logger.info('an agent has this chat; the bot stays silent', {
      chatId: event.chat_id,
      eventId: event.id,
    })
    return
  }
  // The widget learns that the bot has this chat before the bot's first answer reaches it.
  await visitors?.joined(event.client_id, event.chat_id, 'bot')
  // A visitor the widget greeted (the site's greeting) gets no second greeting from the bot.
  const greeted = state.greeted || (await visitors?.greetedByWidget(event.client_id)) === true
  const decision = await choose(greeted === state.greeted ? state : { ...state, greeted })
  const collected = decision.state.contact
  // Details the customer just gave join their one profile: never asked again, anywhere.
  if (collected && collected !== state.contact)
    await visitors?.saveContact(event.client_id, collected)
  let delivered = true
  for (const reply of decision.replies) {
    if (!(await ctx.reply(reply)).ok) {
      delivered = false
      break
    }
  }
  if (delivered) count(metrics, decision.articles, model, state.written === true)
  let next = decision.state
  if (CardWithContacts.safeParse(event).success) next = { ...next, hasContacts: true }
  if (decision.invite) {
    // Only a hand-over the service took moves the chat on; otherwise the next
    // message tries again instead of leaving the customer waiting for nobody.
    const invited = delivered && (await ctx.inviteAgent()).ok
    if (!invited) next = { ...next, phase: state.phase }
  }
  await states.set(event.chat_id, next)
}

async function onAgentUnavailable(
  event: AgentUnavailableEvent,
  ctx: BotContext,
  states: BotChats,
  settings: BotSettings,
  visitors: BotVisitors | undefined,
): Promise<void> {
  const state = (await states.get(event.chat_id)) ?? newBotChat(event.client_id)
  const language = state.language ?? settings.defaultLanguage
  const contact = state.contact ? formatContact(state.contact) : undefined
  // Contact details the customer gave before (the widget's offline form, setContact,
  // identify: the visitor's one profile; the service's card) are not asked for again.
  const onFile =
    !contact && (state.hasContacts || (await visitors?.contactOf(event.client_id)) !== undefined)
  const text = contact
    ? fillText(pickText(settings.contactKnownText, language, settings.defaultLanguage), { contact })
    : onFile
      ? pickText(settings.contactOnFileText, language, settings.defaultLanguage)
      : pickText(settings.noAgentText, language, settings.defaultLanguage)
  // The bot has spoken in this chat now: no greeting after it, even for a chat it never saw.
  await states.set(event.chat_id, {
    ...state,
    greeted: true,
    phase: contact || onFile ? 'contact-received' : 'awaiting-contact',
  })
  await ctx.reply(text)
}

/**
 * Porthole's own bot: answers from the site owner's rules, hands over to agents,
 * collects contact details when none is available. Chat state lives in the store.
 */
export function createRulesBrain(options: RulesBrainOptions): BotEventHandler {
  const given = options.settings
  const current = typeof given === 'function' ? given : () => given
  // Rules are compiled once per settings object, not per event.
  let compiled: { settings: BotSettings; matcher: Matcher } | undefined
  const rules = () => {
    const settings = current()
    if (compiled?.settings !== settings)
      compiled = { settings, matcher: createMatcher(settings, { logger: options.logger }) }
    return compiled
  }
  const states = createBotChats({
    store: options.store,
    ttlMs: options.stateTtlMs ?? 30 * 24 * 60 * 60 * 1000,
    logger: options.logger,
  })
  const metrics = options.registry ? createBotMetrics(options.registry) : undefined

  return async function rulesBrain(event: ServiceToProviderEvent, ctx: BotContext) {
    const { settings, matcher } = rules()
    switch (event.event) {
      case 'CLIENT_MESSAGE': {
        const input = maskedClientMessage(event)
        return onClientMessage(
          input,
          ctx,
          states,
          async (state) => {
            const decision = await decideWithArticles(
              (chat, article, written) =>
                decide(settings, matcher, chat, input.message, {
                  // Not in every service's event: only a plain false counts as "nobody online".
                  ...(input.agents_online === false ? { agentsOnline: false } : {}),
                  ...(article ? { article } : {}),
                  ...(written ? { written } : {}),
                }),
              state,
              { ...options, current: settings },
              metrics,
              { chatId: event.chat_id, clientId: event.client_id, logger: ctx.logger },
            )
            const { model } = options
            // The turns the model gets with the next question: kept only when it may be asked.
            return model && settings.modelAnswers.enabled
              ? withTurns(decision, input.message, model.mask)
              : decision
          },
          options.visitors,
          metrics,
          options.model,
        )
      }
      case 'AGENT_JOINED': {
        const state = (await states.get(event.chat_id)) ?? newBotChat(event.client_id)
        await states.set(event.chat_id, { ...state, phase: 'agent' })
        return options.visitors?.joined(event.client_id, event.chat_id, 'agent', event.agent)
      }
      case 'AGENT_UNAVAILABLE':
        return onAgentUnavailable(event, ctx, states, settings, options.visitors)
      case 'CHAT_CLOSED': {
        // The payload is not in the spec: client_id when sent, else the one the chat had.
        const clientId = event.client_id ?? (await states.get(event.chat_id))?.clientId
        await states.delete(event.chat_id)
        if (clientId) await options.visitors?.chatClosed(clientId)
        return
      }
    }
  }
}
