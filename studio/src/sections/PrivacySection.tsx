import { MAX_MASK_PATTERNS } from '../../../shared/privacy/mask-pattern'
import { ListField } from '../fields/ListField'
import { Section } from './Section'

/**
 * What Porthole does for the visitors' privacy (settings `privacy`): the site's own
 * masking patterns, beside the card numbers and IBANs always hidden. Each setting of
 * the section is one field here and one entry in section-fields.ts.
 */
export function PrivacySection() {
  return (
    <Section id="privacy" title="Privacy">
      <ListField
        path="privacy.maskPatterns"
        hint={`Card numbers and IBANs are always hidden before a message leaves the browser. Add up to ${MAX_MASK_PATTERNS} patterns of your own, one per line (JavaScript regular expressions, any case), e.g. \\bcustomer-\\d{6}\\b: what they match is shown and sent as ••••.`}
      />
    </Section>
  )
}
