import { LocalizedTextField } from '../fields/LocalizedTextField'
import { OfflineFormFieldRow } from './OfflineFormFieldRow'
import { Section } from './Section'
import { SettingsTable } from './SettingsTable'

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
        multiline
        hint="Above the form, e.g. “Leave us a message and we will answer by email.”"
      />
      <SettingsTable caption="Fields" columns={['Field', 'Shown', 'Required']}>
        {FIELDS.map(([name, label]) => (
          <OfflineFormFieldRow key={name} name={name} label={label} />
        ))}
      </SettingsTable>
    </Section>
  )
}
