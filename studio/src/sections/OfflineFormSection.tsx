import { OFFLINE_FORM_FIELDS } from '../../../shared/widget-api'
import { LocalizedTextField } from '../fields/LocalizedTextField'
import { OfflineFormFieldRow } from './OfflineFormFieldRow'
import { Section } from './Section'
import { SettingsTable } from './SettingsTable'

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
        {OFFLINE_FORM_FIELDS.map((name) => (
          <OfflineFormFieldRow key={name} name={name} />
        ))}
      </SettingsTable>
    </Section>
  )
}
