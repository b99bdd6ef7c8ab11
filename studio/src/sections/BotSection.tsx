import { useEffect, useState } from 'preact/hooks'
import type { ModelState } from '../answers/answer-types'
import { useField, useProblemsUnder } from '../draft-context'
import { BotTextLanguages } from '../fields/BotTextLanguages'
import { Checkbox } from '../fields/Checkbox'
import { BotSimpleRules } from './BotSimpleRules'
import { ModelAnswersFields } from './ModelAnswersFields'
import { Section } from './Section'

const pretty = (value: unknown) => (value === undefined ? '' : JSON.stringify(value, null, 2))

/**
 * The bot's rules as JSON (the settings file's `bot` section). Text that is not JSON is
 * not applied and says where it breaks; the API's problems name their path inside `bot`.
 */
export function BotSection({ model }: { model?: ModelState | undefined }) {
  const { value, set } = useField('bot')
  const articleAnswers = useField('bot.articleAnswers')
  const problems = useProblemsUnder('bot')
  const [text, setText] = useState(pretty(value))
  const [syntax, setSyntax] = useState<string | undefined>()
  const saved = pretty(value)
  // Re-read when the setting changes elsewhere (discard, reload, a restored version).
  useEffect(() => {
    setText((current) => {
      try {
        if (current.trim() && pretty(JSON.parse(current)) === saved) return current
      } catch {
        return current
      }
      return saved
    })
    setSyntax(undefined)
  }, [saved])
  const describedBy = [syntax ? 'f-bot-syntax' : '', problems.length ? 'f-bot-errors' : '']
    .filter(Boolean)
    .join(' ')
  return (
    <Section id="bot" title="Bot rules">
      <Checkbox
        id="f-bot-articles"
        label="Answer from the help articles"
        hint="A question none of the rules answers gets the published article that answers it, with “That helped” and “Talk to a person”, before the bot hands over."
        checked={articleAnswers.value !== false}
        onChange={(checked) => articleAnswers.set(checked)}
      />
      <ModelAnswersFields model={model} />
      <BotSimpleRules />
      <div class={`field${syntax || problems.length ? ' has-error' : ''}`}>
        <label for="f-bot">All bot settings (JSON)</label>
        <p class="hint" id="f-bot-hint">
          Greeting, keyword rules, handover phrases: see “The bot section of the settings file” in
          docs/integrators/bot.md. Leave empty for no bot rules.
        </p>
        <textarea
          id="f-bot"
          class="code"
          rows={14}
          spellcheck={false}
          aria-describedby={`f-bot-hint ${describedBy}`.trim()}
          aria-invalid={syntax || problems.length ? 'true' : undefined}
          value={text}
          onInput={(event) => {
            const next = event.currentTarget.value
            setText(next)
            if (!next.trim()) {
              setSyntax(undefined)
              set(undefined)
              return
            }
            try {
              set(JSON.parse(next))
              setSyntax(undefined)
            } catch (error) {
              setSyntax(
                `Not JSON yet, so not applied: ${error instanceof Error ? error.message : String(error)}`,
              )
            }
          }}
        />
        {syntax && (
          <p class="field-error" id="f-bot-syntax">
            {syntax}
          </p>
        )}
        {problems.length > 0 && (
          <ul class="field-error" id="f-bot-errors">
            {problems.map((problem) => (
              <li key={problem.path + problem.message}>
                <code>{problem.path}</code>: {problem.message}
              </li>
            ))}
          </ul>
        )}
        <BotTextLanguages bot={value} />
      </div>
    </Section>
  )
}
