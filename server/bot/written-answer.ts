import type { BotMessagePayload, ClientMessageEvent } from '../../shared/protocol'
import { plainTextFallback } from '../../shared/protocol'
import type { BotSettings } from '../../shared/settings/bot-rules'
import type { ModelAnswers } from '../model-answers/model-answers'
import { MAX_TURN_LENGTH, MAX_TURNS, type Turn } from '../model-answers/prompt'
import type { BotChat } from './bot-chat'
import type { Decision } from './decide'
import { type BotLogger, describeError } from './logger'

/** The model, as the rules bot uses it (server/model-answers/). */
export type BotModel = {
  answers: ModelAnswers
  /** Hides card numbers and similar secrets in a visitor's words. */
  mask(text: string): string
  /** Shows the bot typing in the visitor's widget (a streamed answer is coming), or stops it. */
  typing?(clientId: string, typing: boolean): Promise<void>
}

/**
 * Asks the model for a written answer to the question of a first decision (a question
 * the rules did not take, no hand-over phrase, no agent): its messages, or undefined for
 * the article answer; the chat's state counts the call.
 */
export async function writtenAnswer(
  model: BotModel,
  settings: BotSettings,
  state: BotChat,
  first: Decision,
  where: { chatId: string; clientId: string | undefined; logger: BotLogger },
): Promise<{ written: BotMessagePayload[] | undefined; state: BotChat }> {
  const question = first.question
  if (!question || !settings.modelAnswers.enabled || model.answers.maxPerConversation === undefined)
    return { written: undefined, state }
  const calls = state.modelCalls ?? 0
  let typing = false
  const { clientId } = where
  const show = (on: boolean) =>
    clientId && model.typing
      ? model.typing(clientId, on).catch((error: unknown) => {
          where.logger.warn('bot: the typing indicator was not sent', {
            error: describeError(error),
          })
        })
      : undefined
  const result = await model.answers.answer({
    question: question.text,
    language: question.language,
    settings,
    turns: state.turns ?? [],
    capReached: calls >= model.answers.maxPerConversation,
    source: where.chatId,
    onText: () => {
      if (typing) return
      typing = true
      void show(true)
    },
  })
  if (typing) await show(false)
  return {
    written: result.messages,
    state: result.called ? { ...state, modelCalls: calls + 1 } : state,
  }
}

/**
 * The chat's last turns with this message and the bot's replies to it added (masked,
 * cut), for the model's next question.
 */
export function withTurns(
  decision: Decision,
  message: ClientMessageEvent['message'],
  mask: (text: string) => string,
): Decision {
  const text = message.type === 'TEXT' ? message.text : (message.text ?? '')
  const added: Turn[] = []
  if (text.trim()) added.push({ from: 'visitor', text: mask(text).slice(0, MAX_TURN_LENGTH) })
  for (const reply of decision.replies) {
    const said = plainTextFallback(reply)
    if (said) added.push({ from: 'bot', text: said.slice(0, MAX_TURN_LENGTH) })
  }
  const turns = [...(decision.state.turns ?? []), ...added].slice(-MAX_TURNS)
  return { ...decision, state: { ...decision.state, turns } }
}
