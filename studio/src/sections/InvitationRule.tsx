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
  const at = `invitations.${index}`
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
      <LocalizedTextField path={`${at}.text`} label="Invitation text" multiline />
      <fieldset>
        <legend>Show it when all of these hold</legend>
        <p class="hint">Leave a condition empty to skip it.</p>
        <ListField
          path={`${at}.when.pages`}
          label="Pages"
          hint="One path per line; * matches anything, e.g. /pricing or /shop/*."
        />
        <div class="row">
          <NumberField path={`${at}.when.secondsOnPage`} label="Seconds on the page" />
          <NumberField path={`${at}.when.secondsOnSite`} label="Seconds on the site" />
          <NumberField path={`${at}.when.minPageViews`} label="At least this many page views" />
        </div>
        <div class="row">
          <SelectField
            path={`${at}.when.agentsOnline`}
            label="Agents online"
            empty="Either"
            options={[
              [true, 'Someone is online'],
              [false, 'Nobody is online'],
            ]}
          />
          <SelectField
            path={`${at}.when.device`}
            label="Device"
            empty="Any"
            options={DEVICE_LABELS}
          />
          <TextField
            path={`${at}.when.referrer`}
            label="Came from (referrer)"
            hint="A URL pattern, e.g. *google.*"
          />
        </div>
        <div class="row">
          <TextField path={`${at}.when.utm.source`} label="utm_source" />
          <TextField path={`${at}.when.utm.medium`} label="utm_medium" />
          <TextField path={`${at}.when.utm.campaign`} label="utm_campaign" />
        </div>
        <CheckboxField path={`${at}.when.newVisitorsOnly`} label="New visitors only" />
      </fieldset>
      <SelectField path={`${at}.frequency`} label="How often" options={FREQUENCY_LABELS} />
    </li>
  )
}
