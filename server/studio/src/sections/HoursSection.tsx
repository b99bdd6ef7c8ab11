import { useMemo, useState } from 'preact/hooks'
import { useField, useProblemsUnder } from '../draft-context'
import { fieldId } from '../fields/Field'
import { SelectField } from '../fields/SelectField'
import { Section } from './Section'

const DAYS = [
  ['mon', 'Monday'],
  ['tue', 'Tuesday'],
  ['wed', 'Wednesday'],
  ['thu', 'Thursday'],
  ['fri', 'Friday'],
  ['sat', 'Saturday'],
  ['sun', 'Sunday'],
] as const

const DEFAULT_HOURS = {
  timezone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
  weekly: Object.fromEntries(
    DAYS.slice(0, 5).map(([day]) => [day, [{ from: '09:00', to: '18:00' }]]),
  ),
  closedDates: [],
  outside: 'offline-form',
}

function timeZones(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf
  const zones = supported ? supported('timeZone') : []
  return zones.includes('UTC') ? zones : ['UTC', ...zones]
}

/** One weekday: open or closed, and its hours (the first interval; more kept as they are). */
function DayRow({ day, label }: { day: string; label: string }) {
  const { value, set } = useField(`businessHours.weekly.${day}`)
  const problems = useProblemsUnder(`businessHours.weekly.${day}`)
  const intervals = Array.isArray(value) ? (value as Record<string, unknown>[]) : []
  const first = intervals[0] ?? { from: '09:00', to: '18:00' }
  const open = intervals.length > 0
  const setTime = (key: 'from' | 'to', time: string) =>
    set([{ ...first, [key]: time }, ...intervals.slice(1)])
  const at = `businessHours.weekly.${day}.0`
  return (
    <tr class={problems.length ? 'has-error' : undefined}>
      <th scope="row">
        <label>
          <input
            type="checkbox"
            checked={open}
            onChange={(event) => set(event.currentTarget.checked ? [first] : undefined)}
          />
          {label}
        </label>
      </th>
      <td>
        <input
          type="time"
          id={fieldId(`${at}.from`)}
          aria-label={`${label} opens at`}
          disabled={!open}
          value={String(first.from ?? '')}
          onInput={(event) => setTime('from', event.currentTarget.value)}
        />
      </td>
      <td>
        <input
          type="time"
          id={fieldId(`${at}.to`)}
          aria-label={`${label} closes at`}
          disabled={!open}
          value={String(first.to ?? '')}
          onInput={(event) => setTime('to', event.currentTarget.value)}
        />
        {intervals.length > 1 && <span class="hint"> +{intervals.length - 1} more</span>}
        {problems.map((problem) => (
          <p class="field-error" key={problem.path + problem.message}>
            {problem.message}
          </p>
        ))}
      </td>
    </tr>
  )
}

function ClosedDates() {
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

/** Business hours: off (always open as the agents' status says), or a weekly schedule. */
export function HoursSection() {
  const zones = useMemo(timeZones, [])
  const { value, set } = useField('businessHours')
  const on = typeof value === 'object' && value !== null
  return (
    <Section id="hours" title="Business hours" paths={['businessHours']}>
      <div class="field checkbox">
        <input
          type="checkbox"
          id="f-hours-on"
          checked={on}
          onChange={(event) =>
            set(event.currentTarget.checked ? structuredClone(DEFAULT_HOURS) : undefined)
          }
        />
        <label for="f-hours-on">Use business hours</label>
      </div>
      {on && (
        <>
          <SelectField
            path="businessHours.timezone"
            label="Time zone"
            options={zones.map((zone) => [zone, zone.replace(/_/g, ' ')] as const)}
          />
          <table class="hours">
            <caption>Open hours (a day left unticked is closed)</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Opens</th>
                <th scope="col">Closes</th>
              </tr>
            </thead>
            <tbody>
              {DAYS.map(([day, label]) => (
                <DayRow key={day} day={day} label={label} />
              ))}
            </tbody>
          </table>
          <ClosedDates />
          <SelectField
            path="businessHours.outside"
            label="Outside business hours"
            fallback="offline-form"
            options={[
              ['offline-form', 'Show the offline form'],
              ['hide', 'Hide the widget'],
            ]}
            hint="Applies even when an agent forgot to go offline."
          />
        </>
      )}
    </Section>
  )
}
