import type { OfflineFormField } from '../../../shared/widget-api'
import { useField, useProblemsUnder } from '../draft-context'
import { fieldId } from '../fields/Field'
import { SettingsRow } from './SettingsTable'

const DEFAULTS: Record<OfflineFormField, { shown: boolean; required: boolean }> = {
  name: { shown: true, required: false },
  email: { shown: true, required: false },
  phone: { shown: true, required: false },
  message: { shown: true, required: true },
}

/** One field of the offline form: shown, and required (only while shown). */
export function OfflineFormFieldRow({ name, label }: { name: OfflineFormField; label: string }) {
  const path = `offlineForm.fields.${name}` as const
  const { value, set } = useField(path)
  const problems = useProblemsUnder(path)
  const current = {
    ...DEFAULTS[name],
    ...(typeof value === 'object' && value !== null ? value : {}),
  } as { shown: boolean; required: boolean }
  const shown = (
    <input
      type="checkbox"
      id={fieldId(`${path}.shown`)}
      aria-label={`Show ${label.toLowerCase()}`}
      checked={current.shown}
      onChange={(event) => {
        const shown = event.currentTarget.checked
        set({ shown, required: shown && current.required })
      }}
    />
  )
  return (
    <SettingsRow name={label} problems={problems} first={shown}>
      <input
        type="checkbox"
        id={fieldId(`${path}.required`)}
        aria-label={`${label} required`}
        checked={current.required}
        disabled={!current.shown}
        onChange={(event) => set({ ...current, required: event.currentTarget.checked })}
      />
    </SettingsRow>
  )
}
