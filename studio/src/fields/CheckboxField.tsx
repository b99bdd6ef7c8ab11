import { FieldErrors, type FieldProps, useFieldControl } from './Field'
import { settingFacts } from './setting-schema'

/**
 * A yes/no setting; unticked, an optional flag is left out unless `keepFalse`. An absent
 * setting shows the schema's default (else unticked).
 */
export function CheckboxField({
  path,
  label,
  keepFalse = false,
  disabled = false,
}: Omit<FieldProps<boolean>, 'hint'> & { keepFalse?: boolean; disabled?: boolean }) {
  const { value, set, problems, id, label: name } = useFieldControl(path, label)
  const fallback = settingFacts(path).fallback === true
  return (
    <div class={`field checkbox${problems.length ? ' has-error' : ''}`}>
      <input
        type="checkbox"
        id={id}
        disabled={disabled}
        checked={typeof value === 'boolean' ? value : fallback}
        aria-describedby={problems.length ? `${id}-error` : undefined}
        onChange={(event) => {
          const checked = event.currentTarget.checked
          set(checked || keepFalse ? checked : undefined)
        }}
      />
      <label for={id}>{name}</label>
      <FieldErrors id={id} problems={problems} />
    </div>
  )
}
