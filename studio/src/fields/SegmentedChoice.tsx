import { useId } from 'preact/hooks'

/**
 * A labelled group of radio buttons that looks like a segmented switch; options: value → label.
 * The group names its radios itself, so two groups on a page never share one.
 */
export function SegmentedChoice<T extends string>({
  legend,
  value,
  options,
  onChange,
}: {
  legend: string
  value: T
  options: Record<T, string>
  onChange: (value: T) => void
}) {
  const name = useId()
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
