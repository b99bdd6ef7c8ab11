import { checkContrast } from '../contrast'
import { useField } from '../draft-context'
import { formLabel } from '../sections/section-fields'
import { describedBy, Field, fieldId } from './Field'

/** The accent colour: a hex field, a picker, and the live WCAG contrast check. */
export function ColourField() {
  const { value, set, problems } = useField('color')
  const id = fieldId('color')
  const colour = typeof value === 'string' ? value : ''
  const report = checkContrast(colour)
  const hint = 'A hex colour like #1f6feb: the launcher, your visitors’ messages and buttons.'
  // The picker takes #rrggbb only.
  const pickable = /^#[0-9a-f]{6}$/i.test(colour) ? colour : '#1f6feb'
  return (
    <Field id={id} label={formLabel('color') ?? 'color'} hint={hint} problems={problems}>
      <div class="colour-row">
        <input
          type="text"
          spellcheck={false}
          autocomplete="off"
          {...describedBy(id, hint, problems)}
          value={colour}
          onInput={(event) => set(event.currentTarget.value.trim())}
        />
        <input
          type="color"
          aria-label="Pick the accent colour"
          value={pickable}
          onInput={(event) => set(event.currentTarget.value)}
        />
      </div>
      <div class="contrast" role="status" aria-live="polite">
        {report &&
          (report.problems.length === 0 ? (
            <p class="ok">
              Contrast passes WCAG AA: {report.text} text at {report.textRatio}:1.
            </p>
          ) : (
            report.problems.map((problem) => (
              <p class="warning" key={problem}>
                {problem}
              </p>
            ))
          ))}
      </div>
    </Field>
  )
}
