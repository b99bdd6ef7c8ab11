import type { FieldProblem } from '../api-request'
import { describedBy, Field } from '../fields/Field'

/** One text field of the article form, with its hint and the problems naming it. */
export function ArticleInput({
  name,
  label,
  hint,
  value,
  problems,
  onInput,
  list,
  readOnly = false,
  type = 'text',
}: {
  name: string
  label: string
  hint?: string
  value: string
  problems: FieldProblem[]
  onInput: (value: string) => void
  /** The id of a datalist of suggestions. */
  list?: string
  readOnly?: boolean
  type?: 'text' | 'url'
}) {
  const id = `article-${name}`
  const mine = problems.filter((problem) => problem.path === name)
  return (
    <Field id={id} label={label} hint={hint} problems={mine}>
      <input
        {...describedBy(id, hint, mine)}
        type={type}
        name={name}
        value={value}
        list={list}
        readOnly={readOnly}
        autocomplete="off"
        onInput={(event) => onInput(event.currentTarget.value)}
      />
    </Field>
  )
}
