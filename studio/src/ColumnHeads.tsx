/** A table's column headers, one per name. */
export function ColumnHeads({ columns }: { columns: readonly string[] }) {
  return (
    <>
      {columns.map((column) => (
        <th scope="col" key={column}>
          {column}
        </th>
      ))}
    </>
  )
}
