import { LocalizedTextField } from '../fields/LocalizedTextField'
import { SelectField } from '../fields/SelectField'
import { TextField } from '../fields/TextField'
import { CONSENT_LABELS } from './choice-labels'
import { Section } from './Section'

/** What the widget asks and keeps: the consent step before the chat (settings `privacy`). */
export function PrivacySection() {
  return (
    <Section id="privacy" title="Privacy">
      <SelectField
        path="privacy.consent"
        options={CONSENT_LABELS}
        hint="Required: the chat opens on your consent text with Agree and No thanks; until the visitor agrees, nothing is stored in their browser and nothing is sent. A changed text or link asks again."
      />
      <LocalizedTextField
        path="privacy.consentText"
        hint="What the visitor agrees to. Empty: the widget’s own text, in the visitor’s language."
        multiline
      />
      <TextField
        path="privacy.policyUrl"
        hint="Your privacy policy, linked from the consent step: an https:// link. Empty: no link."
      />
    </Section>
  )
}
