import { MAX_MASK_PATTERNS } from '../../../shared/privacy/mask-pattern'
import { ListField } from '../fields/ListField'
import { LocalizedTextField } from '../fields/LocalizedTextField'
import { SelectField } from '../fields/SelectField'
import { TextField } from '../fields/TextField'
import { CONSENT_LABELS } from './choice-labels'
import { Section } from './Section'

/**
 * What the widget asks and keeps (settings `privacy`): the consent step before the chat
 * and the site's own masking patterns, beside the card numbers and IBANs always hidden.
 * Each setting of the section is one field here and one entry in section-fields.ts.
 */
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
      <ListField
        path="privacy.maskPatterns"
        hint={`Card numbers and IBANs are always hidden before a message leaves the browser. Add up to ${MAX_MASK_PATTERNS} patterns of your own, one per line (JavaScript regular expressions, any case), e.g. \\bcustomer-\\d{6}\\b: what they match is shown and sent as ••••.`}
      />
    </Section>
  )
}
