import { LANGUAGE_OPTIONS } from '../../../shared/language-names'
import { CheckboxField } from '../fields/CheckboxField'
import { ColourField } from '../fields/ColourField'
import { LocalizedTextField } from '../fields/LocalizedTextField'
import { NumberField } from '../fields/NumberField'
import { SelectField } from '../fields/SelectField'
import { LAUNCHER_LABEL_LABELS, POSITION_LABELS, THEME_LABELS } from './choice-labels'
import { Section } from './Section'

export function AppearanceSection() {
  return (
    <Section id="appearance" title="Appearance">
      <LocalizedTextField path="title" hint="The chat window’s heading." />
      <ColourField />
      <div class="row">
        <SelectField path="position" options={POSITION_LABELS} />
        <NumberField path="offsets.x" />
        <NumberField path="offsets.y" />
      </div>
      <div class="row">
        <SelectField path="launcherLabel" options={LAUNCHER_LABEL_LABELS} />
        <SelectField path="theme" options={THEME_LABELS} />
      </div>
      <div class="row">
        <SelectField
          path="lang"
          empty="The visitor’s browser language"
          options={LANGUAGE_OPTIONS}
          hint="The language of the widget’s own buttons and labels."
        />
        <SelectField
          path="defaultLang"
          options={LANGUAGE_OPTIONS}
          hint="Used when a visitor’s language has no text of its own."
        />
      </div>
      <div class="row">
        <CheckboxField path="sound" keepFalse />
        <NumberField path="statusPollSeconds" />
        <NumberField
          path="chatIdleMinutes"
          hint="The chat then shows “This conversation has ended”. Empty: never."
        />
      </div>
    </Section>
  )
}
