import { isRecord } from '../../../shared/is-record'
import { missingLanguagesLine } from './MissingLanguages'

// The bot's texts are written in the JSON editor: the same line as under a text field, for
// each text the owner wrote there (the rule: docs/site-owners/settings.md, "Texts in every
// language").

/** Keys of the bot section that hold no visitor text. */
const NOT_TEXTS = new Set(['defaultLanguage', 'rules', 'handoverPhrases', 'modelAnswers'])

/** A text: one string, or strings by language. */
const isText = (value: unknown) =>
  typeof value === 'string' ||
  (isRecord(value) && Object.values(value).every((text) => typeof text === 'string'))

/** The languages each of the bot's own texts lacks, under the bot's JSON. */
export function BotTextLanguages({ bot }: { bot: unknown }) {
  if (!isRecord(bot)) return null
  const lines = Object.entries(bot)
    .filter(([key, value]) => !NOT_TEXTS.has(key) && isText(value))
    .map(([key, value]) => [key, missingLanguagesLine(`bot.${key}`, value)] as const)
    .filter((entry): entry is readonly [string, string] => entry[1] !== undefined)
  if (lines.length === 0) return null
  return (
    <ul class="hint bot-text-languages" aria-label="Languages of the bot’s texts">
      {lines.map(([key, line]) => (
        <li key={key}>
          <code>{key}</code>: {line}
        </li>
      ))}
    </ul>
  )
}
