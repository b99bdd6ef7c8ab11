import { CheckboxField } from '../fields/CheckboxField'
import { ListField } from '../fields/ListField'
import { LocalizedTextField } from '../fields/LocalizedTextField'
import { NumberField } from '../fields/NumberField'
import { SelectField } from '../fields/SelectField'
import { TextField } from '../fields/TextField'
import { DEVICE_LABELS, FREQUENCY_LABELS } from './choice-labels'

/** One invitation rule: its text, when it shows (all conditions given), and how often. */
export function InvitationRule({
  index,
  count,
  onMove,
  onRemove,
}: {
  index: number
  count: number
  onMove: (to: number) => void
  onRemove: () => void
}) {
  const at = `invitations.${index}` as const
  const name = `Rule ${index + 1}`
  return (
    <li class="rule" aria-label={name}>
      <div class="rule-head">
        <h3>{name}</h3>
        <div class="rule-actions">
          <button
            type="button"
            class="ghost"
            disabled={index === 0}
            aria-label={`Move rule ${index + 1} up`}
            onClick={() => onMove(index - 1)}
          >
            ↑
          </button>
          <button
            type="button"
            class="ghost"
            disabled={index === count - 1}
            aria-label={`Move rule ${index + 1} down`}
            onClick={() => onMove(index + 1)}
          >
            ↓
          </button>
          <button
            type="button"
            class="ghost danger"
            aria-label={`Remove rule ${index + 1}`}
            onClick={onRemove}
          >
            Remove
          </button>
        </div>
      </div>
      <LocalizedTextField path={`${at}.text`} multiline />
      <fieldset>
        <legend>Show it when all of these hold</legend>
        <p class="hint">Leave a condition empty to skip it.</p>
        <ListField
          path={`${at}.when.pages`}
          hint="One path per line; * matches anything, e.g. /pricing or /shop/*."
        />
        <div class="row">
          <NumberField path={`${at}.when.secondsOnPage`} />
          <NumberField path={`${at}.when.secondsOnSite`} />
          <NumberField path={`${at}.when.minPageViews`} />
        </div>
        <div class="row">
          <SelectField
            path={`${at}.when.agentsOnline`}
            empty="Either"
            options={[
              [true, 'Someone is online'],
              [false, 'Nobody is online'],
            ]}
          />
          <SelectField path={`${at}.when.device`} empty="Any" options={DEVICE_LABELS} />
          <TextField path={`${at}.when.referrer`} hint="A URL pattern, e.g. *google.*" />
        </div>
        <div class="row">
          <TextField path={`${at}.when.utm.source`} />
          <TextField path={`${at}.when.utm.medium`} />
          <TextField path={`${at}.when.utm.campaign`} />
        </div>
        <CheckboxField path={`${at}.when.newVisitorsOnly`} />
      </fieldset>
      <SelectField path={`${at}.frequency`} options={FREQUENCY_LABELS} />
    </li>
  )
}
