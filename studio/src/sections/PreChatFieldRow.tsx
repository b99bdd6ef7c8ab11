import {
  PRE_CHAT_CONTACT_FIELDS,
  type PreChatContactField,
  type PreChatField,
} from '../../../shared/settings/pre-chat'
import { useField } from '../draft-context'
import { fieldId } from '../fields/Field'
import { SettingsRow } from './SettingsTable'

const isContact = (name: PreChatField): name is PreChatContactField =>
  (PRE_CHAT_CONTACT_FIELDS as readonly PreChatField[]).includes(name)

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
  const shownList = fields.value ?? []
  const requiredList = required.value ?? []
  const shown = shownList.includes(name)
  const isRequired = isContact(name) ? requiredList.includes(name) : shown
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
        if (!event.currentTarget.checked && isContact(name) && requiredList.includes(name)) {
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
          if (!isContact(name)) return
          const next = event.currentTarget.checked
            ? [...requiredList, name]
            : requiredList.filter((field) => field !== name)
          required.set(next.length > 0 ? next : undefined)
        }}
      />
    </SettingsRow>
  )
}
