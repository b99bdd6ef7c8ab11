import { describedBy, Field, type FieldProps, useFieldControl } from './Field'
import { settingFacts } from './setting-schema'

/**
 * A number setting; emptied, it is left out (the rule does not check it). Its bounds and
 * default come from the settings schema; without a hint of its own it names them.
 */
export function NumberField({
  path,
  label,
  hint,
  step = 1,
}: FieldProps<number> & { step?: number }) {
  const { value, set, problems, id, label: name } = useFieldControl(path, label)
  const { min = 0, max, fallback } = settingFacts(path)
  const shown =
    hint ??
    (typeof fallback === 'number'
      ? `Default ${fallback}${max !== undefined ? `; from ${min} to ${max}` : ''}.`
      : undefined)
  return (
    <Field id={id} label={name} hint={shown} problems={problems}>
      <input
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={step}
        {...describedBy(id, shown, problems)}
        value={typeof value === 'number' ? String(value) : ''}
        onInput={(event) => {
          const raw = event.currentTarget.value.trim()
          const number = Number(raw)
          set(raw === '' || !Number.isFinite(number) ? undefined : number)
        }}
      />
    </Field>
  )
}
