/** A labelled group of radio buttons that looks like a segmented switch; options: value → label. */
export function SegmentedChoice<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string
  name: string
  value: T
  options: Record<T, string>
  onChange: (value: T) => void
}) {
  return (
    <fieldset class="segmented">
      <legend>{legend}</legend>
      {(Object.entries(options) as [T, string][]).map(([option, label]) => (
        <label key={option} class={value === option ? 'on' : undefined}>
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
          />
          {label}
        </label>
      ))}
    </fieldset>
  )
}
