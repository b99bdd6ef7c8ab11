import { isRecord } from '../../../shared/is-record'
import { LANGUAGE_OPTIONS } from '../../../shared/language-names'
import { useField } from '../draft-context'
import { ListField } from '../fields/ListField'
import { LocalizedTextField } from '../fields/LocalizedTextField'
import { SelectField } from '../fields/SelectField'
import { TextField } from '../fields/TextField'

/** A keyword rule with a plain text reply: what the form edits (the rest is JSON's). */
const isSimple = (rule: unknown): boolean =>
  isRecord(rule) &&
  typeof rule.reply === 'string' &&
  (!Array.isArray(rule.patterns) || rule.patterns.length === 0)

function uniqueName(rules: unknown[]): string {
  const taken = new Set(rules.map((rule) => (isRecord(rule) ? rule.name : undefined)))
  let number = rules.length + 1
  while (taken.has(`rule-${number}`)) number += 1
  return `rule-${number}`
}

/**
 * The bot's simple parts as a form: its greeting, and keyword rules that answer with a
 * text. Rules with buttons, Markdown or patterns are listed by name for the JSON editor.
 */
export function BotSimpleRules() {
  const { value: rulesValue, set: setRules } = useField('bot.rules')
  const rules = Array.isArray(rulesValue) ? rulesValue : []
  return (
    <div class="bot-form">
      <LocalizedTextField
        path="bot.greeting"
        multiline
        hint="Sent before the bot’s first answer in a chat."
      />
      <h3>Keyword answers</h3>
      <p class="hint">
        When a visitor’s message has one of the keywords (a trailing * matches any ending), the bot
        answers with the text. The first matching rule answers.
      </p>
      <ol class="rules">
        {rules.map((rule, index) => {
          const name = isRecord(rule) && typeof rule.name === 'string' ? rule.name : `#${index + 1}`
          if (!isSimple(rule)) {
            return (
              <li key={index} class="rule compact">
                <strong>{name}</strong>{' '}
                <span class="hint">(buttons, Markdown or patterns: edit it in the JSON below)</span>
              </li>
            )
          }
          const at = `bot.rules.${index}` as const
          return (
            <li key={index} class="rule" aria-label={`Bot rule ${name}`}>
              <div class="rule-head">
                <h3>{name}</h3>
                <button
                  type="button"
                  class="ghost danger"
                  aria-label={`Remove bot rule ${name}`}
                  onClick={() => setRules(rules.filter((_, other) => other !== index))}
                >
                  Remove
                </button>
              </div>
              <div class="row">
                <TextField path={`${at}.name`} required />
                <SelectField path={`${at}.lang`} empty="Any" options={LANGUAGE_OPTIONS} />
              </div>
              <ListField path={`${at}.keywords`} hint="One word or phrase per line." />
              <TextField path={`${at}.reply`} multiline required />
            </li>
          )
        })}
      </ol>
      <button
        type="button"
        onClick={() =>
          setRules([
            ...rules,
            { name: uniqueName(rules), keywords: ['hours'], reply: 'We are open 9 to 18.' },
          ])
        }
      >
        Add a keyword answer
      </button>
    </div>
  )
}
