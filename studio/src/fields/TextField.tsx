import { describedBy, Field, type FieldProps, useFieldControl } from './Field'

/** A text setting; emptied, an optional setting is left out. */
export function TextField({
  path,
  label,
  hint,
  multiline = false,
  required = false,
}: FieldProps<string> & { multiline?: boolean; required?: boolean }) {
  const { value, set, problems, id, label: name } = useFieldControl(path, label)
  const text = typeof value === 'string' ? value : ''
  const update = (next: string) => set(next === '' && !required ? undefined : next)
  const attributes = { ...describedBy(id, hint, problems), value: text, required }
  return (
    <Field id={id} label={name} hint={hint} problems={problems}>
      {multiline ? (
        <textarea rows={3} {...attributes} onInput={(event) => update(event.currentTarget.value)} />
      ) : (
        <input type="text" {...attributes} onInput={(event) => update(event.currentTarget.value)} />
      )}
    </Field>
  )
}
