import type { ConversationEntry, Language, PublicConfig } from '../../shared/widget-api'
import type { LoaderStrings } from '../i18n/loader-strings'
import { isNonEmptyString, isRecord, optional, pick } from '../protocol/read'
import type { Observable } from '../state/observable'
import type { UiState } from './context'
import { CLOSE_ICON, element, icon } from './dom'
import type { InviteEngine } from './invite-engine'
import { onPathChange } from './invite-nav'
import { INVITE_CSS } from './invite-styles'
import { matchesAnyPage, matchesPage } from './page-pattern'
import type { EmbedData, WidgetSettings } from './settings'

// The launcher's extras, loaded only where a site uses one: the bubble (the proactive
// invitation, and the preview of a reply while the chat is closed), the visible status
// label, and the invitation itself. The rules' code (invite-engine.ts) is loaded from
// here only where the site has rules beyond one simple invitation.

const DISMISS: Record<Language, string> = {
  en: 'Dismiss invitation',
  ru: 'Закрыть приглашение',
}

const isSeconds = (value: unknown): value is number =>
  typeof value === 'number' && value >= 0 && value < Number.POSITIVE_INFINITY

/**
 * Parses the config's simple `invite` (mirrors PublicConfig['invite']; parsePublicConfig
 * checks only that it is an object); undefined when unreadable.
 */
export function parseInvite(value: unknown): PublicConfig['invite'] {
  const valid =
    isRecord(value) &&
    isNonEmptyString(value.text) &&
    isSeconds(value.delaySeconds) &&
    optional(
      value.pages,
      (pages): pages is string[] =>
        Array.isArray(pages) && pages.every((page) => isNonEmptyString(page) && page.length <= 200),
    )
  return valid
    ? (pick(value, ['text', 'delaySeconds', 'pages']) as PublicConfig['invite'])
    : undefined
}

/** The simple invitation: the tag's data-invite-text/-delay over the config's `invite`. */
export function simpleInvite(
  config: unknown,
  data: EmbedData,
): { text: string; delaySeconds: number; pages?: string[] } | undefined {
  const invite = config === undefined ? undefined : parseInvite(config)
  if (config !== undefined && !invite) console.error('Porthole: ignoring an unreadable invite')
  const text = data.inviteText ?? invite?.text
  if (!text) return undefined
  let delaySeconds = invite?.delaySeconds ?? 0
  if (data.inviteDelay !== undefined) {
    const seconds = data.inviteDelay.trim() ? Number(data.inviteDelay) : Number.NaN
    if (isSeconds(seconds)) delaySeconds = seconds
    else
      console.error(
        `Porthole: ignoring data-invite-delay="${data.inviteDelay}"; see the widget docs for valid values`,
      )
  }
  return { text, delaySeconds, pages: invite?.pages }
}

export interface InviteOptions {
  ui: Observable<UiState>
  strings: LoaderStrings
  settings: WidgetSettings
  /** The script tag's data-attributes (data-invite-text, data-invite-delay). */
  data: EmbedData
  launcher: HTMLElement
  /** Resolves true when this text must not show (dismissed before, or already chatting). */
  isSuppressed: (text: string) => Promise<boolean>
  onAnswer: () => void
  onDismiss: (text: string) => void
}

export function createInvite(options: InviteOptions) {
  const { ui, strings, settings } = options
  const hideAway = settings.businessHours?.outside === 'hide'
  // dir=auto: an English text on a right-to-left page keeps its punctuation in place.
  const text = element('span', { class: 'ph-invite-text', dir: 'auto' })
  const answer = element('button', { type: 'button', class: 'ph-invite-answer' }, text)
  const dismiss = element('button', {
    type: 'button',
    class: 'ph-invite-close',
    'aria-label': DISMISS[settings.lang],
  })
  dismiss.append(icon(CLOSE_ICON, 'ph-icon'))
  const bubble = element('div', { class: 'ph-invite', role: 'status' }, answer, dismiss)
  answer.addEventListener('click', options.onAnswer)
  dismiss.addEventListener('click', () => {
    const shown = ui.get().invite
    ui.set({ invite: undefined, peek: undefined })
    if (shown) options.onDismiss(shown)
  })
  // The visible status beside the launcher ("We are online"), always or on hover.
  const mode = settings.launcherLabel
  const label = element('span', { class: `ph-label ph-${mode}`, 'aria-hidden': 'true' })
  if (mode === 'always' || mode === 'hover') options.launcher.append(label)

  function render({ invite, peek, open, away, online }: UiState): void {
    const shown = invite ?? peek
    bubble.hidden = shown === undefined || open || (away === true && hideAway)
    text.textContent = shown ?? ''
    label.textContent = online === undefined ? '' : online ? strings.online : strings.offline
    // A reply read in the open chat is no longer news.
    if (open && peek !== undefined) ui.set({ peek: undefined })
  }
  render(ui.get())
  const cleanups = [ui.subscribe(render), () => label.remove()]

  // The simple invitation: after its delay, on matching pages, unless suppressed;
  // re-armed on every page view of a single-page app.
  const simple = simpleInvite(settings.invite, options.data)
  let timer: ReturnType<typeof setTimeout> | undefined
  let shownByRule: string | undefined
  function arm(): void {
    clearTimeout(timer)
    if (!simple) return
    if (shownByRule !== undefined && ui.get().invite === shownByRule) ui.set({ invite: undefined })
    timer = setTimeout(async () => {
      const state = ui.get()
      if (state.open || state.invite !== undefined || state.online === false) return
      if ((state.away && hideAway) || !matchesAnyPage(simple.pages, location.pathname)) return
      if (await options.isSuppressed(simple.text)) return
      shownByRule = simple.text
      ui.set({ invite: simple.text })
    }, simple.delaySeconds * 1000)
  }
  if (simple) {
    arm()
    cleanups.push(onPathChange(arm), () => clearTimeout(timer))
  }

  // The rules: their own chunk, loaded only where the site has them (the tag's own
  // invitation replaces them on its page).
  let engine: ReturnType<InviteEngine> | undefined
  let destroyed = false
  if (settings.invitations && !options.data.inviteText) {
    void import('./invite-engine').then(({ runRules }) => {
      if (destroyed) return
      engine = runRules({
        ui,
        invitations: settings.invitations,
        hideAway,
        isSuppressed: options.isSuppressed,
        // Handed over, not imported there: a module both chunks import would be a third file.
        matches: matchesPage,
        onPathChange,
      })
    })
  }

  return {
    bubble,
    /** Shows an invitation now (Porthole.showInvite), whatever the rules. */
    show(invite: unknown): void {
      if (typeof invite !== 'string' || !invite.trim())
        throw new TypeError('Porthole.showInvite expects a non-empty text')
      clearTimeout(timer)
      engine?.stop()
      ui.set({ invite })
    },
    /** Previews a reply beside the closed launcher (agents' and the bot's texts). */
    peek({ content, author }: ConversationEntry): void {
      if (ui.get().open || content.type !== 'text' || author === 'visitor' || author === 'system')
        return
      ui.set({ peek: content.text })
    },
    destroy(): void {
      destroyed = true
      engine?.destroy()
      for (const cleanup of cleanups.splice(0)) cleanup()
    },
  }
}

export { INVITE_CSS }

/** What the invitation's chunk gives the loader. */
export type InviteModule = { createInvite: typeof createInvite; INVITE_CSS: string }
