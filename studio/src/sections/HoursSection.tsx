import { useMemo } from 'preact/hooks'
import { useField } from '../draft-context'
import { Checkbox } from '../fields/Checkbox'
import { SelectField } from '../fields/SelectField'
import type { DraftValue } from '../settings-draft'
import { ClosedDates } from './ClosedDates'
import { OUTSIDE_HOURS_LABELS } from './choice-labels'
import { HoursDayRow } from './HoursDayRow'
import { Section } from './Section'
import { SettingsTable } from './SettingsTable'

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
} satisfies DraftValue<'businessHours'>

function timeZones(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf
  const zones = supported ? supported('timeZone') : []
  return zones.includes('UTC') ? zones : ['UTC', ...zones]
}

/** Business hours: off (always open as the agents' status says), or a weekly schedule. */
export function HoursSection() {
  const zones = useMemo(timeZones, [])
  const { value, set } = useField('businessHours')
  const on = typeof value === 'object' && value !== null
  return (
    <Section id="hours" title="Business hours">
      <Checkbox
        id="f-hours-on"
        label="Use business hours"
        checked={on}
        onChange={(checked) => set(checked ? structuredClone(DEFAULT_HOURS) : undefined)}
      />
      {on && (
        <>
          <SelectField
            path="businessHours.timezone"
            options={zones.map((zone) => [zone, zone.replace(/_/g, ' ')] as const)}
          />
          <SettingsTable
            caption="Open hours (a day left unticked is closed)"
            columns={['Day', 'Opens', 'Closes']}
          >
            {DAYS.map(([day, label]) => (
              <HoursDayRow key={day} day={day} label={label} />
            ))}
          </SettingsTable>
          <ClosedDates />
          <SelectField
            path="businessHours.outside"
            options={OUTSIDE_HOURS_LABELS}
            hint="Applies even when an agent forgot to go offline."
          />
        </>
      )}
    </Section>
  )
}
