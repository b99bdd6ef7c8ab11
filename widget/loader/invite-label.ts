import type { UiState, WidgetContext } from './context'
import { element } from './dom'
import { styleSheet } from './loader-styles'

// The launcher's visible status label: its own chunk, loaded by the invitation's
// (invite.ts) only where the settings show it (launcherLabel always or hover).
const LABEL_CSS = `
.ph-label{position:absolute;inset-inline-end:70px;top:50%;translate:0 -50%;white-space:nowrap;padding:7px 14px;border-radius:18px;background:var(--ph-bg);color:var(--ph-fg);box-shadow:0 4px 14px #0003;font-size:14px}
.ph-bottom-left .ph-label{inset-inline:70px auto}
.ph-open .ph-label,.ph-label:empty,.ph-launcher:not(:hover,:focus-visible) .ph-hover{display:none}
`

/**
 * Shows the channel status ("We are online") beside the launcher, always or on hover
 * (settings.launcherLabel). Returns a function that removes it.
 */
export function showLabel({ ui, strings, settings, launcher, root }: WidgetContext): () => void {
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, styleSheet(LABEL_CSS)]
  const label = element('span', {
    class: `ph-label ph-${settings.launcherLabel}`,
    'aria-hidden': 'true',
  })
  launcher.append(label)
  const render = ({ online }: UiState): void => {
    label.textContent = online === undefined ? '' : online ? strings.online : strings.offline
  }
  render(ui.get())
  const unsubscribe = ui.subscribe(render)
  return () => {
    unsubscribe()
    label.remove()
  }
}
