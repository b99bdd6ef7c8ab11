import { LocalizedTextField } from '../fields/LocalizedTextField'
import { Section } from './Section'

const TEXTS = [
  ['greeting', 'The first thing a visitor reads when the chat opens.'],
  ['offlineText', 'Shown while nobody is online.'],
] as const

/** The texts a visitor reads in the chat, each in one language or per language. */
export function TextsSection() {
  return (
    <Section id="texts" title="Texts">
      {TEXTS.map(([path, hint]) => (
        <LocalizedTextField key={path} path={path} hint={hint} multiline />
      ))}
    </Section>
  )
}
