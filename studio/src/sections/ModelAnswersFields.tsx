import { LANGUAGE_OPTIONS } from '../../../shared/language-names'
import type { ModelState } from '../answers/answer-types'
import { useField } from '../draft-context'
import { CheckboxField } from '../fields/CheckboxField'
import { fieldId } from '../fields/Field'
import { settingFacts } from '../fields/setting-schema'
import { TextField } from '../fields/TextField'
import { formLabel } from './section-fields'

const INSTRUCTIONS = 'bot.modelAnswers.instructions'
const LANGUAGES = 'bot.modelAnswers.languages'

/** The languages the model may answer in, as ticks: none ticked means every language. */
function LanguageTicks() {
  const { value, set } = useField(LANGUAGES)
  const ticked = Array.isArray(value) ? value.filter((tag) => typeof tag === 'string') : []
  const id = fieldId(LANGUAGES)
  return (
    <fieldset class="language-ticks" aria-describedby={`${id}-hint`}>
      <legend>{formLabel(LANGUAGES)}</legend>
      <p class="hint" id={`${id}-hint`}>
        None ticked: every language. In another language the bot gives the article answer.
      </p>
      <div class="ticks">
        {LANGUAGE_OPTIONS.map(([tag, name]) => (
          <label key={tag} class="tick">
            <input
              type="checkbox"
              checked={ticked.includes(tag)}
              onChange={(event) => {
                const next = event.currentTarget.checked
                  ? [...ticked, tag]
                  : ticked.filter((other) => other !== tag)
                set(next.length ? next : undefined)
              }}
            />
            <span lang={tag}>{name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/** How long the instructions are, against the schema's limit. */
function InstructionsLength() {
  const { value } = useField(INSTRUCTIONS)
  const max = settingFacts(INSTRUCTIONS).maxLength
  const length = typeof value === 'string' ? value.length : 0
  if (max === undefined) return null
  return (
    <p
      class={length > max ? 'field-error count' : 'hint count'}
      id={`${fieldId(INSTRUCTIONS)}-count`}
    >
      {length.toLocaleString()} of {max.toLocaleString()} characters
      {length > max && ': shorten them, or the settings cannot be saved'}
    </p>
  )
}

/**
 * The bot's written answers (`bot.modelAnswers`): the switch, the instructions with a short
 * guide, the languages. Says so when the server has no model, since the switch then does nothing.
 */
export function ModelAnswersFields({ model }: { model: ModelState | undefined }) {
  const articleAnswers = useField('bot.articleAnswers').value !== false
  return (
    <div class="model-answers">
      <h3>Written answers</h3>
      <p class="hint">
        A language model writes the answer from the passages of your published articles it is given,
        in the visitor’s language, with links to the articles it used. When it has no answer, or
        anything goes wrong, the visitor gets the article answer above.
      </p>
      {model?.modelConfigured === false && (
        <p class="notice" id="model-answers-no-model">
          No model is configured on the server, so this does nothing yet: the operator sets
          ANSWERS_LLM_URL and ANSWERS_LLM_MODEL (docs/operators/model-answers.md).
        </p>
      )}
      {!articleAnswers && (
        <p class="notice" id="model-answers-no-articles">
          The bot writes answers only for the questions it would answer from the articles: tick
          “Answer from the help articles” above too.
        </p>
      )}
      <CheckboxField path="bot.modelAnswers.enabled" keepFalse />
      <TextField
        path={INSTRUCTIONS}
        multiline
        hint="Your tone and house rules, given to the model with every question. It answers only from your articles whatever you write here."
      />
      <InstructionsLength />
      <details class="guide">
        <summary>How to write the instructions</summary>
        <ul>
          <li>
            Say who is answering and how: “You answer for Northwind Outfitters. Be brief and
            friendly; use ‘you’.”
          </li>
          <li>
            Say what to leave out: “Never promise delivery dates. Do not discuss prices of other
            shops.”
          </li>
          <li>
            Keep facts in the articles, not here: the model cites articles, and a fact only here
            cannot be cited.
          </li>
          <li>A few short sentences work best; try them in “Ask the bot” after saving.</li>
        </ul>
      </details>
      <LanguageTicks />
    </div>
  )
}
