import { translated } from '../../i18n/translations'
import type { WidgetContext } from '../../loader/context'
import type { StoreKey } from '../../storage/key-value-store'
import { adoptStyles } from '../window/adopt-styles'
import type { ChatController } from '../window/controller'
import { ConsentStep } from './ConsentStep'
import { agreedTo, readConsentTerms, type StoredConsent } from './consent-terms'
import { EN_PRIVACY_STRINGS } from './privacy-strings'
import { PRIVACY_CSS } from './privacy-styles'

// The consent chunk: fetched by the chat chunk on sites whose settings require consent
// (privacy.consent "required"), before the conversation starts. Until the visitor agrees
// the widget writes nothing in the browser (the loader stores nothing on such sites, the
// chat's storage takes no writes: own-storage.ts) and sends nothing (the engine, which
// makes the session and opens the stream, has not started).

// The menu (menu.tsx) takes the texts and styles from here: one chunk holds them for both.
export { EN_PRIVACY_STRINGS, PRIVACY_CSS }

const noop = (): void => {}

/**
 * Resolves once the visitor has agreed to the site's current terms: at once when the
 * browser holds their agreement to this version, else after the consent step's Agree
 * (No thanks closes the window; the step shows again at the next open). Then the window's
 * state is stored as on other sites, and the agreement is recorded with the backend
 * (POST /api/visitor/consent) once the session exists, until it has been.
 */
export async function askConsent(widget: WidgetContext, controller: ChatController): Promise<void> {
  const { storage, ui } = widget
  const terms = readConsentTerms(widget.settings.consent)
  let agreed = agreedTo(await storage.get('consent').catch(noop), terms)
  if (!agreed) {
    widget.ended = true
    adoptStyles(widget.frame, PRIVACY_CSS)
    const strings = translated(widget.settings.lang)?.privacy ?? EN_PRIVACY_STRINGS
    await new Promise<void>((resolve) =>
      controller.state.set({
        gate: (
          <ConsentStep
            terms={terms}
            strings={strings}
            onAgree={resolve}
            onDecline={() => {
              widget.setOpen(false)
              widget.launcher.focus()
            }}
          />
        ),
      }),
    )
    widget.ended = false
    agreed = { version: terms.version, at: Date.now() }
    const { open, inviteAnswer } = ui.get()
    const puts: [StoreKey, unknown][] = [
      ['consent', agreed],
      ['open', open],
    ]
    if (inviteAnswer) puts.push(['invite-answer', inviteAnswer])
    await storage.write(puts, []).catch(noop)
    controller.state.set({ gate: undefined })
  }
  storeWindowState(widget)
  if (!agreed.recorded && agreed.version) void recordConsent(widget, controller, agreed)
}

/** What the loader stores on other sites: whether the window is open, the invitation answered. */
function storeWindowState(widget: WidgetContext): void {
  const { storage, ui } = widget
  let last = ui.get()
  ui.subscribe((next) => {
    if (!widget.ended) {
      if (next.open !== last.open) void storage.set('open', next.open).catch(noop)
      if (next.inviteAnswer && next.inviteAnswer !== last.inviteAnswer)
        void storage.set('invite-answer', next.inviteAnswer).catch(noop)
    }
    last = next
  })
}

/**
 * The agreement to the backend with the visitor's session (the engine makes it, as for a
 * first message); kept unrecorded on a failure, so the next page's chat sends it again.
 */
async function recordConsent(
  widget: WidgetContext,
  controller: ChatController,
  agreed: StoredConsent,
): Promise<void> {
  try {
    const { token } = await (await controller.engine()).session.ensure()
    const response = await widget.fetch(`${widget.base}api/visitor/consent`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ version: agreed.version }),
      credentials: 'omit',
    })
    if (response.ok && !widget.ended)
      await widget.storage.set('consent', { ...agreed, recorded: true })
  } catch {
    // Offline, or the backend refused it: asked again on the next page with the chat.
  }
}
