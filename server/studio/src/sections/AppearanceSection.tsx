import { checkContrast } from '../contrast'
import { useField } from '../draft-context'
import { CheckboxField } from '../fields/CheckboxField'
import { describedBy, Field, fieldId } from '../fields/Field'
import { LocalizedTextField } from '../fields/LocalizedTextField'
import { NumberField } from '../fields/NumberField'
import { SelectField } from '../fields/SelectField'
import { Section } from './Section'

const LANGUAGE_OPTIONS = [
  ['en', 'English'],
  ['ru', 'Русский'],
] as const

/** The accent colour: a hex field, a picker, and the live WCAG contrast check. */
function ColourField() {
  const { value, set, problems } = useField('color')
  const id = fieldId('color')
  const colour = typeof value === 'string' ? value : ''
  const report = checkContrast(colour)
  const hint = 'A hex colour like #1f6feb: the launcher, your visitors’ messages and buttons.'
  // The picker takes #rrggbb only.
  const pickable = /^#[0-9a-f]{6}$/i.test(colour) ? colour : '#1f6feb'
  return (
    <Field id={id} label="Accent colour" hint={hint} problems={problems}>
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

export function AppearanceSection() {
  return (
    <Section
      id="appearance"
      title="Appearance"
      paths={[
        'title',
        'color',
        'position',
        'offsets',
        'launcherLabel',
        'theme',
        'lang',
        'defaultLang',
      ]}
    >
      <LocalizedTextField path="title" label="Title" hint="The chat window’s heading." />
      <ColourField />
      <div class="row">
        <SelectField
          path="position"
          label="Position"
          fallback="bottom-right"
          options={[
            ['bottom-right', 'Bottom right'],
            ['bottom-left', 'Bottom left'],
          ]}
        />
        <NumberField path="offsets.x" label="Side offset (px)" max={400} />
        <NumberField path="offsets.y" label="Bottom offset (px)" max={400} />
      </div>
      <div class="row">
        <SelectField
          path="launcherLabel"
          label="Launcher label"
          fallback="never"
          options={[
            ['always', 'Always shown'],
            ['hover', 'On hover'],
            ['never', 'Never (icon only)'],
          ]}
        />
        <SelectField
          path="theme"
          label="Theme"
          fallback="auto"
          options={[
            ['auto', 'Follow the visitor’s system'],
            ['light', 'Light'],
            ['dark', 'Dark'],
          ]}
        />
      </div>
      <div class="row">
        <SelectField
          path="lang"
          label="Widget language"
          empty="The visitor’s browser language"
          options={LANGUAGE_OPTIONS}
          hint="The language of the widget’s own buttons and labels."
        />
        <SelectField
          path="defaultLang"
          label="Default language of your texts"
          fallback="en"
          options={LANGUAGE_OPTIONS}
          hint="Used when a visitor’s language has no text of its own."
        />
      </div>
      <div class="row">
        <CheckboxField path="sound" label="A sound for new replies" keepFalse fallback />
        <NumberField
          path="statusPollSeconds"
          label="Check agents’ status every (seconds)"
          min={5}
          max={3600}
        />
      </div>
    </Section>
  )
}
