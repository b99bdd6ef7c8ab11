import { describedBy, Field, type FieldProps, useFieldControl } from './Field'

/** A number setting; emptied, it is left out (the rule does not check it). */
export function NumberField({
  path,
  label,
  hint,
  min = 0,
  max,
  step = 1,
}: FieldProps & { min?: number; max?: number; step?: number }) {
  const { value, set, problems, id } = useFieldControl(path)
  return (
    <Field id={id} label={label} hint={hint} problems={problems}>
      <input
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={step}
        {...describedBy(id, hint, problems)}
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
