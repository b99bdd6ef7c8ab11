/** A select's choices, each a value and the name it shows. */
export function Options({ of }: { of: readonly (readonly [string, string])[] }) {
  return (
    <>
      {of.map(([value, name]) => (
        <option key={value} value={value}>
          {name}
        </option>
      ))}
    </>
  )
}
