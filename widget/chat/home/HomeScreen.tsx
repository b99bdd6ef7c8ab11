import type { ComponentChildren, RefObject } from 'preact'
import type { Language } from '../../../shared/widget-api'
import { translated } from '../../i18n/translations'
import type { WidgetContext } from '../../loader/context'
import { backAt, EN_BACK_STRINGS } from '../answering/back-at'
import { useOpensAt } from '../answering/opens-at'
import { TeamPhotos } from '../answering/TeamPhotos'
import { useTeam } from '../answering/use-team'
import { adoptStyles } from '../window/adopt-styles'
import type { ChatController } from '../window/controller'
import { EN_HOME_STRINGS } from './home-strings'
import { HOME_CSS } from './home-styles'
import { lastWords } from './last-words'

export interface HomeProps {
  /** The window's state (the conversation that ended, if any) and strings. */
  controller: Pick<ChatController, 'state' | 'strings'>
  /** The site's settings (greeting, title) and whether someone is online. */
  context: Pick<WidgetContext, 'settings' | 'ui'>
  /** Where the team's settings are read: the header's, so both share one request. */
  team: { base: string; fetch: typeof fetch; lang: Language }
  /** Nobody can answer (no agent online, or outside the business hours). */
  offline: boolean
  /** Said under the status: the site's offline text, or the window's note. */
  notice?: string | undefined
  /** The message box, which "Send us a message" focuses. */
  input: RefObject<HTMLTextAreaElement | null>
  /** Shows the conversation that ended (the id of its last entry). */
  onLast: (id: string) => void
  /** The offline form, while nobody can answer (no "Send us a message" then). */
  children?: ComponentChildren
}

const SEARCH_ICON = 'M11 18a7 7 0 100-14 7 7 0 000 14zM20 20l-4-4'

/**
 * The window's home screen, while there is no conversation to read: the greeting, the
 * team (their photos, else the site's initial) and whether they answer now, "Send us a
 * message", the conversation that ended, the search of the site's articles and, while
 * nobody is online, the form that leaves them a message. A chunk of its own, drawn after
 * the window: the message box below it is usable before it arrives.
 */
export function HomeScreen(props: HomeProps) {
  const { controller, context, team, offline, notice, input, onLast, children } = props
  const { strings, state } = controller
  const { settings } = context
  const { entries } = state.get().conversation
  const ended = entries.at(-1)
  // The site's greeting while someone can answer; otherwise the offline text says it.
  const greeting = (!offline && settings.greeting) || settings.title
  // Not known yet (undefined): no status line.
  const online = offline ? false : context.ui.get().online
  const photos = useTeam(team.base, team.fetch, team.lang).avatars ?? []
  const words = translated(team.lang)
  // While away (outside the business hours): when the team is back, as the header says it.
  const away = context.ui.get().away === true
  const opensAt = useOpensAt(team.base, team.fetch, away)
  const back =
    opensAt !== undefined
      ? backAt(opensAt, { lang: team.lang, strings: words?.answering ?? EN_BACK_STRINGS })
      : undefined
  const t = words?.home ?? EN_HOME_STRINGS
  const last = ended && lastWords(entries)
  const search = (
    <button
      type="button"
      class="ph-home-card ph-home-search"
      onClick={() => state.set({ help: {} })}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d={SEARCH_ICON} />
      </svg>
      {words?.help.search ?? 'Search articles'}
    </button>
  )
  return (
    <div class="ph-home" ref={(node) => adoptStyles(node, HOME_CSS)}>
      {/* While nobody is online the header names the site: the screen starts with the status, the form in view. */}
      <div class={`ph-home-top${offline ? ' ph-home-away' : ''}`}>
        <TeamPhotos
          urls={photos}
          size={44}
          class="ph-home-team"
          fallback={
            <span class="ph-home-team" aria-hidden="true">
              <span class="ph-home-initial">{settings.title.trim().charAt(0).toUpperCase()}</span>
            </span>
          }
        />
        {!offline && (
          <p class="ph-home-greeting" dir="auto">
            {greeting}
          </p>
        )}
        {online !== undefined && (
          <p class="ph-home-status">
            <span class={`ph-state ${online ? 'ph-on' : 'ph-off'}`} aria-hidden="true" />
            {online ? t.onlineNow : strings.offline}
            {!online && back && ` · ${back}`}
          </p>
        )}
        {notice && (
          <p class="ph-home-notice" dir="auto">
            {notice}
          </p>
        )}
      </div>
      {last && (
        <button type="button" class="ph-home-card ph-home-last" onClick={() => onLast(ended.id)}>
          <span class="ph-home-label">{t.last}</span>
          <span class="ph-home-words" dir="auto">
            {last.name && `${last.name}: `}
            {last.text}
          </span>
        </button>
      )}
      {!children && (
        <button
          type="button"
          class="ph-home-card ph-home-start"
          onClick={() => input.current?.focus()}
        >
          {t.start}
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M5 12h14M13 6l6 6-6 6" />
          </svg>
        </button>
      )}
      {!children && search}
      {children}
      {children && search}
    </div>
  )
}
