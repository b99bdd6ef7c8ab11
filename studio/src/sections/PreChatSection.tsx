import { PRE_CHAT_FIELDS } from '../../../shared/settings/pre-chat'
import { useProblemsUnder } from '../draft-context'
import { FieldErrors } from '../fields/Field'
import { LocalizedTextField } from '../fields/LocalizedTextField'
import { TextField } from '../fields/TextField'
import { PreChatFieldRow } from './PreChatFieldRow'
import { Section } from './Section'
import { SettingsTable } from './SettingsTable'

const LABELS = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  consent: 'Consent checkbox',
} as const

/**
 * The form before a conversation while someone is online (settings `preChat`): which
 * fields it asks and which are required, and the consent checkbox's text and link. The
 * backend refuses a first message without the required ones.
 */
export function PreChatSection() {
  const problems = useProblemsUnder('preChat.required').concat(useProblemsUnder('preChat.fields'))
  return (
    <Section id="pre-chat" title="Pre-chat form">
      <p class="hint">
        Asked before a conversation starts while someone is online; a returning visitor who gave
        them is not asked again. The server refuses a first message without the required fields,
        whatever the page sends. While nobody is online the offline form asks instead.
      </p>
      <SettingsTable caption="Fields" columns={['Field', 'Asked', 'Required']}>
        {PRE_CHAT_FIELDS.map((name) => (
          <PreChatFieldRow key={name} name={name} label={LABELS[name]} order={PRE_CHAT_FIELDS} />
        ))}
      </SettingsTable>
      <FieldErrors id="pre-chat-fields" problems={problems} />
      <LocalizedTextField
        path="preChat.consentText"
        multiline
        hint="Beside the consent checkbox. Empty: the widget’s own text, in the visitor’s language. A changed text or link asks again."
      />
      <TextField
        path="preChat.consentUrl"
        hint="Linked beside the checkbox, e.g. your privacy policy: an https:// link. Empty: no link."
      />
    </Section>
  )
}
