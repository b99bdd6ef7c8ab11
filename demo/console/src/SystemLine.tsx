import type { ChatEntry } from '../../sandbox/service/model'
import { formatTime } from './format'

/** Joins, closes, hand-overs, invitations and delivery errors, between the messages. */
export function SystemLine({ entry }: { entry: ChatEntry }) {
  return (
    <li
      class={`system-line ${entry.level === 'error' ? 'is-error' : ''}`}
      role={entry.level === 'error' ? 'alert' : undefined}
    >
      <span>{entry.text}</span>
      <time>{formatTime(entry.at)}</time>
    </li>
  )
}
