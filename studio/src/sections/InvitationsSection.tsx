import { useContext } from 'preact/hooks'
import { move } from '../draft'
import { DraftContext } from '../draft-context'
import { invitationRules } from '../preview-config'
import { InvitationRule } from './InvitationRule'
import { Section } from './Section'

const NEW_RULE = {
  text: 'Hi! Can we help you?',
  when: { secondsOnPage: 30 },
  frequency: 'once-per-session',
}

/** The invitation rules, in order: the first whose conditions all hold shows. */
export function InvitationsSection() {
  const context = useContext(DraftContext)
  if (!context) throw new Error('InvitationsSection needs a DraftContext')
  const rules = invitationRules(context.draft)
  // Any edit writes the list as `invitations` (the old single `invite` becomes its first rule).
  const setRules = (next: Record<string, unknown>[]) =>
    context.change(({ invite: _old, ...rest }) => ({ ...rest, invitations: next }))
  return (
    <Section id="invitations" title="Invitations">
      <p class="hint">
        A bubble that invites a visitor to chat. Rules are checked top to bottom; the first one
        whose conditions all hold shows.
      </p>
      {rules.length === 0 && <p class="empty">No invitations: visitors are never invited.</p>}
      <ol class="rules">
        {rules.map((_rule, index) => (
          <InvitationRule
            // Rules have no id of their own; the position is what the settings name them by.
            key={index}
            index={index}
            count={rules.length}
            onMove={(to) => setRules(move(rules, index, to))}
            onRemove={() => setRules(rules.filter((_, at) => at !== index))}
          />
        ))}
      </ol>
      <button type="button" onClick={() => setRules([...rules, structuredClone(NEW_RULE)])}>
        Add an invitation
      </button>
    </Section>
  )
}
