import type { ConversationEntry, PublicConfig } from '../../shared/widget-api'
import { EN } from '../i18n/english'
import { isNonEmptyString, isRecord, optional, pick } from '../protocol/read'
import type { UiState, WidgetContext } from './context'
import { CLOSE_ICON, element, icon } from './dom'
import type { InviteEngine } from './invite-engine'
import { INVITE_CSS } from './invite-styles'
import { styleSheet } from './loader-styles'
import type { EmbedData } from './settings'

// The invitation's bubble, loaded only where a site uses it: the proactive invitation
// (the config's, the tag's or showInvite's) and a reply's preview beside the closed
// launcher. What only some sites need loads from here when they need it: the launcher's
// visible label (invite-label.ts), page patterns and single-page-app navigation
// (invite-nav.ts) and the rules (invite-engine.ts).

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
    else console.error(`Porthole: ignoring data-invite-delay="${data.inviteDelay}"`)
  }
  return { text, delaySeconds, pages: invite?.pages }
}

/**
 * Puts the bubble in the widget's frame and runs the site's invitation: the simple one
 * after its delay (on matching pages, re-armed on every page view of a single-page app),
 * or the rules (unless the tag has its own). `session`: the stored session, if any;
 * someone who has chatted before is not invited again.
 */
export function createInvite(context: WidgetContext, data: EmbedData, session: unknown) {
  const { ui, settings, storage, root } = context
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, styleSheet(INVITE_CSS)]
  const hideAway = settings.businessHours?.outside === 'hide'
  const isSuppressed = async (text: string): Promise<boolean> =>
    session !== undefined || (await storage.get('invite-dismissed')) === text
  // dir=auto: an English text on a right-to-left page keeps its punctuation in place.
  const text = element('span', { class: 'ph-invite-text', dir: 'auto' })
  const answer = element('button', { type: 'button', class: 'ph-invite-answer' }, text)
  const dismiss = element(
    'button',
    {
      type: 'button',
      class: 'ph-invite-close',
      'aria-label': context.strings.dismiss ?? EN.loader.dismiss,
    },
    icon(CLOSE_ICON, 'ph-icon'),
  )
  const bubble = element('div', { class: 'ph-invite', role: 'status' }, answer, dismiss)
  answer.addEventListener('click', () => context.setOpen(true))
  dismiss.addEventListener('click', () => {
    const shown = ui.get().invite
    ui.set({ invite: undefined, peek: undefined })
    // Not on a site that requires consent: nothing is stored there before the chat asks.
    if (shown && !settings.consent) void storage.set('invite-dismissed', shown)
  })
  context.frame.append(bubble)

  function render({ invite, peek, open, away }: UiState): void {
    const shown = invite ?? peek
    bubble.hidden = shown === undefined || open || (away === true && hideAway)
    text.textContent = shown ?? ''
    // A reply read in the open chat is no longer news.
    if (open && peek !== undefined) ui.set({ peek: undefined })
  }
  render(ui.get())
  const cleanups = [ui.subscribe(render)]
  let destroyed = false
  // A chunk's part, started once it has loaded unless the widget is gone by then.
  const later = <T>(load: Promise<T>, run: (module: T) => () => void): void =>
    void load.then((module) => destroyed || cleanups.push(run(module)))

  // The visible status beside the launcher ("We are online"), always or on hover.
  const label = settings.launcherLabel
  if (label === 'always' || label === 'hover')
    later(import('./invite-label'), ({ showLabel }) => showLabel(context))

  // The simple invitation: after its delay, on matching pages, unless suppressed.
  const simple = simpleInvite(settings.invite, data)
  let timer: ReturnType<typeof setTimeout> | undefined
  let shownBySimple: string | undefined
  let onPage = (_path: string): boolean => true
  function arm(): void {
    clearTimeout(timer)
    if (!simple) return
    if (shownBySimple !== undefined && ui.get().invite === shownBySimple)
      ui.set({ invite: undefined })
    timer = setTimeout(async () => {
      const state = ui.get()
      if (state.open || state.invite !== undefined || state.online === false) return
      if ((state.away && hideAway) || !onPage(location.pathname)) return
      if (await isSuppressed(simple.text)) return
      shownBySimple = simple.text
      ui.set({ invite: simple.text })
    }, simple.delaySeconds * 1000)
  }
  cleanups.push(() => clearTimeout(timer))
  // Page patterns: checked when the timer fires, and re-armed on a single-page app's
  // every page view.
  const pages = simple?.pages
  if (pages)
    later(import('./invite-nav'), ({ matchesAnyPage, onPathChange }) => {
      onPage = (path) => matchesAnyPage(pages, path)
      arm()
      return onPathChange(arm)
    })
  else arm()

  // The rules: their own chunk, loaded only where the site has them (the tag's own
  // invitation replaces them on its page).
  let engine: ReturnType<InviteEngine> | undefined
  if (settings.invitations && !data.inviteText)
    later(import('./invite-engine'), ({ runRules }) => {
      engine = runRules(context, isSuppressed)
      return engine.destroy
    })

  return {
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
      for (const cleanup of cleanups.splice(0)) cleanup()
    },
  }
}

/** What the invitation's chunk gives the loader. */
export type InviteModule = { createInvite: typeof createInvite }
