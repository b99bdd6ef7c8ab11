import type { ComponentChildren } from 'preact'
import type { FieldProblem } from '../api'
import { ColumnHeads } from '../ColumnHeads'

/** A table of settings (the weekly hours, the offline form's fields): a row per item. */
export function SettingsTable({
  caption,
  columns,
  children,
}: {
  caption: string
  columns: readonly string[]
  children: ComponentChildren
}) {
  return (
    <table class="hours">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <ColumnHeads columns={columns} />
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  )
}

/**
 * One row of a SettingsTable: its name, then two cells of controls; the problems under
 * the row's settings follow the last one.
 */
export function SettingsRow({
  name,
  problems,
  first,
  children,
}: {
  name: ComponentChildren
  problems: FieldProblem[]
  first: ComponentChildren
  children: ComponentChildren
}) {
  return (
    <tr class={problems.length ? 'has-error' : undefined}>
      <th scope="row">{name}</th>
      <td>{first}</td>
      <td>
        {children}
        {problems.map((problem) => (
          <p class="field-error" key={problem.path + problem.message}>
            {problem.message}
          </p>
        ))}
      </td>
    </tr>
  )
}
