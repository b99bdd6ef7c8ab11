import type { BotMessagePayload } from '../../shared/protocol'
import { type BotSettings, HANDOVER_BUTTON_ID } from '../../shared/settings/bot-rules'
import { type LocalizedText, pickText } from '../../shared/settings/localized-text'

/** The id of the "That helped" button under an article answer. */
export const ARTICLE_HELPED_BUTTON_ID = 'article-helped'

/** "Did this answer your question?" with "That helped" and "Talk to a person". */
export function articleButtons(settings: BotSettings, language: string): BotMessagePayload {
  const say = (text: LocalizedText) => pickText(text, language, settings.defaultLanguage)
  const helped = say(settings.articleHelpedButton)
  const person = say(settings.articlePersonButton)
  const question = say(settings.articleQuestionText)
  return {
    type: 'BUTTONS',
    title: question,
    // Text-only channels: the customer types one of the two; both are recognised as typed.
    text: `${question} “${helped}” / “${person}”`,
    buttons: [
      { id: ARTICLE_HELPED_BUTTON_ID, text: helped },
      { id: HANDOVER_BUTTON_ID, text: person },
    ],
  }
}
