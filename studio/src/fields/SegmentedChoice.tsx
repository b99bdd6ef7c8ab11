/** A labelled group of radio buttons that looks like a segmented switch. */
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
  options: readonly (readonly [T, string])[]
  onChange: (value: T) => void
}) {
  return (
    <fieldset class="segmented">
      <legend>{legend}</legend>
      {options.map(([option, label]) => (
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
