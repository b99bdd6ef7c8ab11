import { useState } from 'preact/hooks'
import { useField, useProblemsUnder } from '../draft-context'

/** The whole days the site is closed (holidays), added by date and removed one by one. */
export function ClosedDates() {
  const { value, set } = useField('businessHours.closedDates')
  const problems = useProblemsUnder('businessHours.closedDates')
  const dates = Array.isArray(value) ? value.map(String) : []
  const [next, setNext] = useState('')
  return (
    <div class="field">
      <label for="f-closed-date">Closed dates (holidays)</label>
      <div class="colour-row">
        <input
          type="date"
          id="f-closed-date"
          value={next}
          onInput={(event) => setNext(event.currentTarget.value)}
        />
        <button
          type="button"
          disabled={!next || dates.includes(next)}
          onClick={() => {
            set([...dates, next].sort())
            setNext('')
          }}
        >
          Add date
        </button>
      </div>
      {dates.length > 0 && (
        <ul class="chips" aria-label="Closed dates">
          {dates.map((date) => (
            <li key={date}>
              {date}
              <button
                type="button"
                class="ghost"
                aria-label={`Remove ${date}`}
                onClick={() => set(dates.filter((other) => other !== date))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {problems.map((problem) => (
        <p class="field-error" key={problem.path + problem.message}>
          {problem.message}
        </p>
      ))}
    </div>
  )
}
