import { useField, useProblemsUnder } from '../draft-context'
import { fieldId } from '../fields/Field'

/** One weekday: open or closed, and its hours (the first interval; more kept as they are). */
export function HoursDayRow({ day, label }: { day: string; label: string }) {
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
