import { describedBy, Field, type FieldProps, useFieldControl } from './Field'

/**
 * A choice among fixed values. `parse` turns the option back into the setting
 * (e.g. "true" → true); the empty option, when given, leaves the setting out.
 */
export function SelectField({
  path,
  label,
  hint,
  options,
  empty,
  fallback,
}: FieldProps & {
  options: readonly (readonly [value: string | boolean, label: string])[]
  /** The label of the option that leaves the setting out ("Any", "Default"). */
  empty?: string
  /** What an absent setting means, when there is no empty option. */
  fallback?: string | boolean
}) {
  const { value, set, problems, id } = useFieldControl(path)
  const current = value ?? fallback
  return (
    <Field id={id} label={label} hint={hint} problems={problems}>
      <select
        {...describedBy(id, hint, problems)}
        value={current === undefined ? '' : String(current)}
        onChange={(event) => {
          const raw = event.currentTarget.value
          const option = options.find(([option]) => String(option) === raw)
          set(option ? option[0] : undefined)
        }}
      >
        {empty !== undefined && <option value="">{empty}</option>}
        {options.map(([option, text]) => (
          <option key={String(option)} value={String(option)}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  )
}
