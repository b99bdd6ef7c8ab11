import { Options } from '../fields/Options'

/** One filter of the article list: a select whose first choice, “All”, filters nothing. */
export function FilterSelect<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: T | undefined
  /** Each choice's value and the name it shows. */
  options: readonly (readonly [T, string])[]
  onChange: (value: T | undefined) => void
}) {
  return (
    <label class="filter">
      <span>{label}</span>
      <select
        value={value ?? ''}
        onChange={(event) => {
          const chosen = event.currentTarget.value
          onChange(options.find(([known]) => known === chosen)?.[0])
        }}
      >
        <option value="">All</option>
        <Options of={options} />
      </select>
    </label>
  )
}
