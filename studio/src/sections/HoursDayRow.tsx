import type { Weekday } from '../../../shared/widget-api'
import { useField, useProblemsUnder } from '../draft-context'
import { fieldId } from '../fields/Field'
import { SettingsRow } from './SettingsTable'

/** One weekday: open or closed, and its hours (the first interval; more kept as they are). */
export function HoursDayRow({ day, label }: { day: Weekday; label: string }) {
  const { value, set } = useField(`businessHours.weekly.${day}`)
  const problems = useProblemsUnder(`businessHours.weekly.${day}`)
  const intervals = Array.isArray(value) ? (value as Record<string, unknown>[]) : []
  const first = intervals[0] ?? { from: '09:00', to: '18:00' }
  const open = intervals.length > 0
  const setTime = (key: 'from' | 'to', time: string) =>
    set([{ ...first, [key]: time }, ...intervals.slice(1)])
  const time = (key: 'from' | 'to', name: string) => (
    <input
      type="time"
      id={fieldId(`businessHours.weekly.${day}.0.${key}`)}
      aria-label={`${label} ${name}`}
      disabled={!open}
      value={String(first[key] ?? '')}
      onInput={(event) => setTime(key, event.currentTarget.value)}
    />
  )
  const toggle = (
    <label>
      <input
        type="checkbox"
        checked={open}
        onChange={(event) => set(event.currentTarget.checked ? [first] : undefined)}
      />
      {label}
    </label>
  )
  return (
    <SettingsRow name={toggle} problems={problems} first={time('from', 'opens at')}>
      {time('to', 'closes at')}
      {intervals.length > 1 && <span class="hint"> +{intervals.length - 1} more</span>}
    </SettingsRow>
  )
}
