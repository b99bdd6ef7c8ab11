import { LANGUAGE_OPTIONS } from '../../../shared/language-names'
import { CheckboxField } from '../fields/CheckboxField'
import { ColourField } from '../fields/ColourField'
import { LocalizedTextField } from '../fields/LocalizedTextField'
import { NumberField } from '../fields/NumberField'
import { SelectField } from '../fields/SelectField'
import { Section } from './Section'

export function AppearanceSection() {
  return (
    <Section id="appearance" title="Appearance">
      <LocalizedTextField path="title" label="Title" hint="The chat window’s heading." />
      <ColourField />
      <div class="row">
        <SelectField
          path="position"
          label="Position"
          fallback="bottom-right"
          options={{ 'bottom-right': 'Bottom right', 'bottom-left': 'Bottom left' }}
        />
        <NumberField path="offsets.x" label="Side offset (px)" max={400} />
        <NumberField path="offsets.y" label="Bottom offset (px)" max={400} />
      </div>
      <div class="row">
        <SelectField
          path="launcherLabel"
          label="Launcher label"
          fallback="never"
          options={{ always: 'Always shown', hover: 'On hover', never: 'Never (icon only)' }}
        />
        <SelectField
          path="theme"
          label="Theme"
          fallback="auto"
          options={{ auto: 'Follow the visitor’s system', light: 'Light', dark: 'Dark' }}
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
        <NumberField
          path="chatIdleMinutes"
          label="End a conversation after (minutes without a message)"
          hint="The chat then shows “This conversation has ended”. Empty: never."
          min={1}
          max={43200}
        />
      </div>
    </Section>
  )
}
