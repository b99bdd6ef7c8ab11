import { MAX_TEAM_AVATARS } from '../../../shared/settings/team-settings'
import { ListField } from '../fields/ListField'
import { SelectField } from '../fields/SelectField'
import { REPLY_TIME_LABELS } from './choice-labels'
import { Section } from './Section'

/** The team visitors see before an agent joins: photos and the usual reply time (settings `team`). */
export function TeamSection() {
  return (
    <Section id="team" title="Team">
      <ListField
        path="team.avatars"
        label={`Team photos (up to ${MAX_TEAM_AVATARS} links, one per line)`}
        hint="Shown in the chat’s header until an agent joins: https:// links to square pictures, 128×128 px is plenty."
      />
      <SelectField
        path="team.replyTime"
        hint="Shown under the title until an agent joins, in the visitor’s language."
        options={REPLY_TIME_LABELS}
      />
    </Section>
  )
}
