import { PRE_CHAT_CONTACT_FIELDS, type PreChatField } from '../../../shared/settings/pre-chat'
import { useField } from '../draft-context'
import { fieldId } from '../fields/Field'
import { SettingsRow } from './SettingsTable'

const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
const isContact = (name: string) => (PRE_CHAT_CONTACT_FIELDS as readonly string[]).includes(name)

/**
 * One field of the pre-chat form: shown (in `preChat.fields`, in the table's order) and
 * required (in `preChat.required`, only while shown). The consent, once shown, is always
 * required: its box is ticked and cannot be unticked.
 */
export function PreChatFieldRow({
  name,
  label,
  order,
}: {
  name: PreChatField
  label: string
  /** Every field in the table's order: a field shown again takes its place among them. */
  order: readonly PreChatField[]
}) {
  const fields = useField('preChat.fields')
  const required = useField('preChat.required')
  const shownList = list(fields.value)
  const requiredList = list(required.value)
  const shown = shownList.includes(name)
  const isRequired = name === 'consent' ? shown : requiredList.includes(name)
  const show = (
    <input
      type="checkbox"
      id={fieldId(`preChat.fields.${name}`)}
      aria-label={`Ask ${label.toLowerCase()} before the chat`}
      checked={shown}
      onChange={(event) => {
        const next = event.currentTarget.checked
          ? order.filter((field) => field === name || shownList.includes(field))
          : shownList.filter((field) => field !== name)
        fields.set(next.length > 0 ? next : undefined)
        if (!event.currentTarget.checked && requiredList.includes(name)) {
          const rest = requiredList.filter((field) => field !== name)
          required.set(rest.length > 0 ? rest : undefined)
        }
      }}
    />
  )
  return (
    <SettingsRow name={label} problems={[]} first={show}>
      <input
        type="checkbox"
        id={fieldId(`preChat.required.${name}`)}
        aria-label={`Require ${label.toLowerCase()} before the chat`}
        checked={isRequired}
        disabled={!shown || !isContact(name)}
        onChange={(event) => {
          const next = event.currentTarget.checked
            ? [...requiredList, name]
            : requiredList.filter((field) => field !== name)
          required.set(next.length > 0 ? next : undefined)
        }}
      />
    </SettingsRow>
  )
}
