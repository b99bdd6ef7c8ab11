import type { ComponentChildren } from 'preact'
import { ColumnHeads } from '../ColumnHeads'

/**
 * A table of the help lists (articles, unanswered questions), scrolling sideways on a
 * narrow screen: its named columns, then one for each row's buttons (`actions`, named for
 * screen readers only). Labelled by a hidden `caption` or by the heading `labelledBy`.
 */
export function HelpTable({
  caption,
  labelledBy,
  columns,
  actions,
  children,
}: {
  caption?: string
  labelledBy?: string
  columns: readonly string[]
  actions: string
  children: ComponentChildren
}) {
  return (
    <div class="table-scroll">
      <table class="articles-table" aria-labelledby={labelledBy}>
        {caption && <caption class="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            <ColumnHeads columns={columns} />
            <th scope="col">
              <span class="visually-hidden">{actions}</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}
