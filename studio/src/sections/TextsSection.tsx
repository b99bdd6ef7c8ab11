import { LocalizedTextField } from '../fields/LocalizedTextField'
import { Section } from './Section'

export function TextsSection() {
  return (
    <Section id="texts" title="Texts">
      <LocalizedTextField
        path="greeting"
        label="Greeting"
        multiline
        hint="The first thing a visitor reads when the chat opens."
      />
      <LocalizedTextField
        path="offlineText"
        label="Offline text"
        multiline
        hint="Shown while nobody is online."
      />
    </Section>
  )
}
