import { LocalizedTextField } from '../fields/LocalizedTextField'
import { OfflineFormFieldRow } from './OfflineFormFieldRow'
import { Section } from './Section'

const FIELDS = [
  ['name', 'Name'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['message', 'Message'],
] as const

/** The form shown while nobody is online (or outside business hours). */
export function OfflineFormSection() {
  return (
    <Section id="offline-form" title="Offline form">
      <LocalizedTextField
        path="offlineForm.intro"
        label="Intro"
        multiline
        hint="Above the form, e.g. “Leave us a message and we will answer by email.”"
      />
      <table class="hours">
        <caption>Fields</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Shown</th>
            <th scope="col">Required</th>
          </tr>
        </thead>
        <tbody>
          {FIELDS.map(([name, label]) => (
            <OfflineFormFieldRow key={name} name={name} label={label} />
          ))}
        </tbody>
      </table>
    </Section>
  )
}
