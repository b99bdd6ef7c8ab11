import type { ComponentChildren } from 'preact'

/**
 * A checkbox with its label (and a hint under it) that the caller holds the value of;
 * CheckboxField is the one bound to a setting's path.
 */
export function Checkbox({
  id,
  label,
  hint,
  checked,
  onChange,
}: {
  id: string
  label: string
  hint?: ComponentChildren
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  return (
    <div class="field checkbox">
      <input
        type="checkbox"
        id={id}
        aria-describedby={hint ? `${id}-hint` : undefined}
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <label for={id}>{label}</label>
      {hint && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  )
}
