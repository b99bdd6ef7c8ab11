import type { LoaderStrings } from '../i18n/loader-strings'
import type { Observable } from '../state/observable'
import type { UiState } from './context'
import { CLOSE_ICON, element, icon } from './dom'
import { INVITE_CSS } from './invite-styles'
import { matchesAnyPage } from './page-pattern'

export interface InviteRule {
  text: string
  delaySeconds: number
  pages?: string[]
}

export interface InviteOptions {
  ui: Observable<UiState>
  strings: LoaderStrings
  /** The configured invitation, if any. */
  rule: InviteRule | undefined
  /** Resolves true when the invitation must not show (dismissed before, or already chatting). */
  isSuppressed: (text: string) => Promise<boolean>
  onAnswer: () => void
  onDismiss: (text: string) => void
}

/**
 * The proactive invitation: after the configured delay, on matching pages, a bubble
 * shows the site owner's text as if from an agent. Re-armed on single-page-app navigation.
 */
export function createInvite(options: InviteOptions) {
  const { ui, strings, rule } = options
  const text = element('span', { class: 'ph-invite-text' })
  const answer = element('button', { type: 'button', class: 'ph-invite-answer' }, text)
  const dismiss = element('button', {
    type: 'button',
    class: 'ph-invite-close',
    'aria-label': strings.dismissInvite,
  })
  dismiss.append(icon(CLOSE_ICON, 'ph-icon'))
  const bubble = element('div', { class: 'ph-invite', role: 'status' }, answer, dismiss)
  answer.addEventListener('click', options.onAnswer)
  dismiss.addEventListener('click', () => {
    const shown = ui.get().invite
    ui.set({ invite: undefined })
    if (shown) options.onDismiss(shown)
  })

  function render({ invite, open }: UiState): void {
    bubble.hidden = invite === undefined || open
    text.textContent = invite ?? ''
  }
  render(ui.get())
  const unsubscribe = ui.subscribe(render)

  let timer: ReturnType<typeof setTimeout> | undefined
  function arm(): void {
    clearTimeout(timer)
    if (!rule || ui.get().invite !== undefined) return
    timer = setTimeout(async () => {
      const state = ui.get()
      if (state.open || state.online === false || !matchesAnyPage(rule.pages, location.pathname))
        return
      if (await options.isSuppressed(rule.text)) return
      ui.set({ invite: rule.text })
    }, rule.delaySeconds * 1000)
  }
  arm()
  // Single-page apps change the path without a reload: re-check the page rule on back/forward.
  window.addEventListener('popstate', arm)

  return {
    bubble,
    /** Shows an invitation now (Porthole.showInvite), whatever the delay and rules. */
    show(invite: string): void {
      clearTimeout(timer)
      ui.set({ invite })
    },
    destroy(): void {
      clearTimeout(timer)
      unsubscribe()
      window.removeEventListener('popstate', arm)
    },
  }
}

export { INVITE_CSS }

/** What the invitation's chunk gives the loader. */
export type InviteModule = { createInvite: typeof createInvite; INVITE_CSS: string }
