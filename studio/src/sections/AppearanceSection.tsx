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
      <LocalizedTextField path="title" label="Title" hint="The chat window’s heading." />
      <ColourField />
      <div class="row">
        <SelectField path="position" label="Position" options={POSITION_LABELS} />
        <NumberField path="offsets.x" label="Side offset (px)" />
        <NumberField path="offsets.y" label="Bottom offset (px)" />
      </div>
      <div class="row">
        <SelectField path="launcherLabel" label="Launcher label" options={LAUNCHER_LABEL_LABELS} />
        <SelectField path="theme" label="Theme" options={THEME_LABELS} />
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
          options={LANGUAGE_OPTIONS}
          hint="Used when a visitor’s language has no text of its own."
        />
      </div>
      <div class="row">
        <CheckboxField path="sound" label="A sound for new replies" keepFalse />
        <NumberField path="statusPollSeconds" label="Check agents’ status every (seconds)" />
        <NumberField
          path="chatIdleMinutes"
          label="End a conversation after (minutes without a message)"
          hint="The chat then shows “This conversation has ended”. Empty: never."
        />
      </div>
    </Section>
  )
}
