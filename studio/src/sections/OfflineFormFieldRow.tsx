import { DEFAULT_SETTINGS } from '../../../shared/settings/public-config'
import type { OfflineFormField } from '../../../shared/widget-api'
import { useField, useProblemsUnder } from '../draft-context'
import { fieldId } from '../fields/Field'
import { SettingsRow } from './SettingsTable'
import { SECTION_FIELDS } from './section-fields'

/** One field of the offline form: shown, and required (only while shown). */
export function OfflineFormFieldRow({ name }: { name: OfflineFormField }) {
  const path = `offlineForm.fields.${name}` as const
  const label = SECTION_FIELDS['offline-form'].fields[path]
  const { value, set } = useField(path)
  const problems = useProblemsUnder(path)
  const current = {
    ...DEFAULT_SETTINGS.offlineForm.fields[name],
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
