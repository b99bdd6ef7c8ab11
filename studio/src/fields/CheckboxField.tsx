import { FieldErrors, type FieldProps, useFieldControl } from './Field'

/** A yes/no setting; unticked, an optional flag is left out unless `keepFalse`. */
export function CheckboxField({
  path,
  label,
  keepFalse = false,
  fallback = false,
  disabled = false,
}: Omit<FieldProps, 'hint'> & { keepFalse?: boolean; fallback?: boolean; disabled?: boolean }) {
  const { value, set, problems, id } = useFieldControl(path)
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
      <label for={id}>{label}</label>
      <FieldErrors id={id} problems={problems} />
    </div>
  )
}
