import type { StudioApi } from '../api'
import { CheckboxField } from '../fields/CheckboxField'
import { NumberField } from '../fields/NumberField'
import { SelectField } from '../fields/SelectField'
import { TextField } from '../fields/TextField'
import { RATING_LABELS } from './choice-labels'
import { EmailPreviewPane } from './EmailPreviewPane'
import { EmailSmtpState } from './EmailSmtpState'
import { Section } from './Section'

/** E-mail continuity: replies a visitor missed by e-mail, the link back, the rating. */
export function EmailSection({ api }: { api: StudioApi }) {
  return (
    <Section id="email" title="E-mail">
      <p class="hint">
        When a visitor who left their e-mail address has not read an agent’s reply, Porthole e-mails
        it to them with a link back to the chat.
      </p>
      <EmailSmtpState api={api} />
      <CheckboxField path="email.missedReplies" keepFalse />
      <div class="row">
        <NumberField path="email.afterSeconds" />
        <NumberField path="email.linkDays" />
      </div>
      <TextField
        path="email.continueUrl"
        hint="The page the e-mail’s link opens, e.g. https://shop.example/help. Empty (the default): the page the visitor last wrote from."
      />
      <SelectField path="email.rating" options={RATING_LABELS} />
      <CheckboxField path="email.ratingToAgents" />
      <EmailPreviewPane api={api} />
    </Section>
  )
}
