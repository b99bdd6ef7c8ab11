import type { LoaderStrings } from '../i18n/loader-strings'
import type { Observable } from '../state/observable'
import type { UiState } from './context'
import { CHAT_ICON, CLOSE_ICON, element, icon } from './dom'

/**
 * The round launcher button: opens and closes the chat, shows an unread badge and the
 * channel status (in its label and a dot; the visible label is the invitation chunk's).
 * Hidden by Porthole.hide(), and outside business hours when `hideAway`.
 */
export function createLauncher(
  ui: Observable<UiState>,
  strings: LoaderStrings,
  onToggle: () => void,
  hideAway = false,
) {
  // A button's content is presentational: its aria-label below says it all.
  const badge = element('span', { class: 'ph-badge' })
  const dot = element('span', { class: 'ph-dot' })
  const button = element(
    'button',
    // No type="button": in a shadow root a button has no form owner, so it never submits one.
    { class: 'ph-launcher' },
    icon(CHAT_ICON, 'ph-icon-chat'),
    icon(CLOSE_ICON, 'ph-icon-close'),
    badge,
    dot,
  )
  // A handler property, not addEventListener: fewer bytes before engagement (size-budget.test.ts).
  button.onclick = onToggle

  function render({ open, online, unread, hidden, away }: UiState): void {
    const status = online === undefined ? '' : online ? strings.online : strings.offline
    const label = [
      open ? strings.closeChat : strings.openChat,
      status,
      unread > 0 ? strings.unread(unread) : '',
    ]
    button.setAttribute('aria-label', label.filter(Boolean).join('. '))
    // biome-ignore lint/style/useTemplate: minified, a template costs the loader more bytes
    button.setAttribute('aria-expanded', '' + open)
    button.classList.toggle('ph-open', open)
    button.classList.toggle('ph-offline', online === false)
    button.hidden = hidden === true || (hideAway && away === true && !open)
    // biome-ignore lint/style/useTemplate: minified, a template costs the loader more bytes
    badge.textContent = unread > 99 ? '99+' : '' + unread
    badge.hidden = unread === 0
    dot.hidden = online === undefined
  }

  render(ui.get())
  const unsubscribe = ui.subscribe(render)
  return { button, destroy: unsubscribe }
}
