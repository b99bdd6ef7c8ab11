import { useEffect, useState } from 'preact/hooks'
import { useField, useProblemsUnder } from '../draft-context'
import { formLabel } from '../sections/section-fields'
import { describedBy, Field, type FieldProps, fieldId } from './Field'

/** A list of short strings (page patterns, dates), one per line; empty: left out. */
export function ListField({ path, label, hint }: FieldProps<string[]>) {
  const { value, set } = useField(path)
  const problems = useProblemsUnder(path)
  const name = label ?? formLabel(path) ?? path
  const id = fieldId(path)
  const list = Array.isArray(value) ? value.map(String) : []
  // The text as typed (blank lines while typing), re-read when the setting changes elsewhere.
  const [text, setText] = useState(list.join('\n'))
  const joined = list.join('\n')
  useEffect(() => {
    setText((current) => (parse(current).join('\n') === joined ? current : joined))
  }, [joined])
  return (
    <Field id={id} label={name} hint={hint} problems={problems}>
      <textarea
        rows={Math.min(6, Math.max(2, list.length + 1))}
        {...describedBy(id, hint, problems)}
        value={text}
        onInput={(event) => {
          const next = event.currentTarget.value
          setText(next)
          const items = parse(next)
          set(items.length ? items : undefined)
        }}
      />
    </Field>
  )
}

const parse = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
