import { LocalizedTextField } from '../fields/LocalizedTextField'
import { Section } from './Section'

const TEXTS = [
  ['greeting', 'Greeting', 'The first thing a visitor reads when the chat opens.'],
  ['offlineText', 'Offline text', 'Shown while nobody is online.'],
] as const

/** The texts a visitor reads in the chat, each in one language or per language. */
export function TextsSection() {
  return (
    <Section id="texts" title="Texts">
      {TEXTS.map(([path, label, hint]) => (
        <LocalizedTextField key={path} path={path} label={label} hint={hint} multiline />
      ))}
    </Section>
  )
}
