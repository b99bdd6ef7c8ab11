import type { ComponentChildren } from 'preact'
import type { Language } from '../../../shared/widget-api'
import { translated } from '../../i18n/translations'
import { StatusLine } from '../components/StatusLine'
import { adoptStyles } from '../window/adopt-styles'
import { AgentAvatar } from './AgentAvatar'
import { backAt, EN_BACK_STRINGS } from './back-at'
import { useOpensAt } from './opens-at'
import { EN_REPLY_TIME_STRINGS } from './reply-time-strings'
import { TeamPhotos } from './TeamPhotos'
import { useTeam } from './use-team'

export interface HeadingProps {
  /** The agent answering now (not the bot): their photo or initials. */
  agent: { name?: string; photo?: string } | undefined
  /** Where GET /api/config is (the site's `team` settings are not in widget.js). */
  base: string
  fetch: typeof fetch
  lang: Language
  /** The title's initial, shown when the site has no team photos. */
  initial: string
  title: ComponentChildren
  /**
   * The status line: its text and dot, and whether the team may say more (`online`: the
   * usual reply time while nobody has joined; `away`: when it is back).
   */
  status: { text: string; on: boolean | undefined; state?: 'online' | 'away' | undefined }
}

// The team's photos yield to the heading (the whole title, then the status line): their
// row takes only the room the heading leaves (a flex basis of 0, at least one photo, at
// most all of them) and the photos that no longer fit wrap onto a hidden second line.
const CSS = `
.ph-initials{color:#fff;font-size:15px}
.ph-team{flex:1000 1 0;min-width:34px;max-width:max-content;height:34px;padding:2px;box-sizing:border-box;display:flex;flex-wrap:wrap;overflow:hidden}
.ph-team img{flex:none;width:30px;height:30px;border-radius:50%;object-fit:cover;box-shadow:0 0 0 2px var(--ph-accent);background:#fff4}
.ph-team img+img{margin-inline-start:-10px}
`

/**
 * Who answers, in the header (a chunk of its own): the agent answering now (their photo,
 * else their initials), or while nobody has joined the site's team photos and usual reply
 * time (settings `team`), else the title's initial. A team photo that does not load is
 * left out.
 */
export function AnsweringHeading(props: HeadingProps) {
  const { agent, initial, title, status } = props
  if (agent)
    return (
      <>
        <AgentAvatar name={agent.name || initial} photo={agent.photo} />
        <div class="ph-heading" ref={(node) => adoptStyles(node, CSS)}>
          {title}
          <StatusLine text={status.text} on={status.on} />
        </div>
      </>
    )
  return <TeamHeading {...props} />
}

function TeamHeading({ base, fetch, lang, initial, title, status }: HeadingProps) {
  const shown = useTeam(base, fetch, lang)
  // While away: when the team is back.
  const away = status.state === 'away'
  const opensAt = useOpensAt(base, fetch, away)
  const t = translated(lang)?.answering ?? { ...EN_REPLY_TIME_STRINGS, ...EN_BACK_STRINGS }
  // One line: the usual reply time stands for "Online" (the dot says it), "Back at 9:00"
  // for "Offline"; never a reply time while nobody can answer.
  const text =
    status.state === 'online' && shown.replyTime
      ? t[shown.replyTime]
      : opensAt !== undefined
        ? backAt(opensAt, { lang, strings: t })
        : status.text
  return (
    <>
      <TeamPhotos
        urls={shown.avatars ?? []}
        size={32}
        class="ph-team"
        fallback={
          <span class="ph-avatar" aria-hidden="true">
            {initial}
          </span>
        }
      />
      <div class="ph-heading" ref={(node) => adoptStyles(node, CSS)}>
        {title}
        <StatusLine text={text} on={status.on} />
      </div>
    </>
  )
}
