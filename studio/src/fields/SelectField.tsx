import type { PathWithin } from '../settings-draft'
import { describedBy, Field, type FieldProps, useFieldControl } from './Field'
import { settingFacts } from './setting-schema'

type Options = readonly (readonly [value: string | boolean, label: string])[]

/**
 * A choice among fixed values, given as value → label (or as [value, label] pairs where a
 * value is not text, e.g. true); the option chosen is stored as its value. The empty
 * option, when given, leaves the setting out; without one, an absent setting shows the
 * schema's default.
 */
export function SelectField({
  path,
  label,
  hint,
  options: given,
  empty,
}: Omit<FieldProps<string>, 'path'> & {
  /** A setting whose every value is one of the options' kind (a fixed choice). */
  path: PathWithin<string | boolean>
  options: Options | Readonly<Record<string, string>>
  /** The label of the option that leaves the setting out ("Any", "Default"). */
  empty?: string
}) {
  const { value, set, problems, id, label: name } = useFieldControl(path, label)
  // An absent setting shows what it means: the schema's default.
  const current = value ?? (empty === undefined ? settingFacts(path).fallback : undefined)
  const options: Options = Array.isArray(given) ? given : Object.entries(given)
  return (
    <Field id={id} label={name} hint={hint} problems={problems}>
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
