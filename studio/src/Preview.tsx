import { useEffect, useRef, useState } from 'preact/hooks'
import { isLanguage, LANGUAGE_OPTIONS } from '../../shared/language-names'
import type { Settings } from './api'
import { Options } from './fields/Options'
import { SegmentedChoice } from './fields/SegmentedChoice'
import { type PreviewState, readFromPreview } from './preview/messages'
import { previewConfig, previewInviteText, type StudioLanguage } from './preview-config'

/** How long typing may pause before the preview re-mounts the widget. */
export const PREVIEW_DEBOUNCE_MS = 250

type Device = 'desktop' | 'phone'

/**
 * The live preview: the real widget in a frame (/admin/preview) mounted with the unsaved
 * settings, re-mounted a moment after each change; desktop or phone width, light or
 * dark, each language, agents online or not, and the invitation on demand.
 */
export function Preview({ settings }: { settings: Settings }) {
  const frame = useRef<HTMLIFrameElement>(null)
  const [device, setDevice] = useState<Device>('desktop')
  const [theme, setTheme] = useState<'light' | 'dark'>('light')
  const [lang, setLang] = useState<StudioLanguage>(
    isLanguage(settings.defaultLang) ? settings.defaultLang : 'en',
  )
  const [online, setOnline] = useState(true)
  const [invite, setInvite] = useState(false)
  const [ready, setReady] = useState(false)
  const [error, setError] = useState<string | undefined>()

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== location.origin || event.source !== frame.current?.contentWindow) return
      const message = readFromPreview(event.data)
      if (message?.type === 'porthole-preview:ready') setReady(true)
      if (message?.type === 'porthole-preview:rendered') setError(undefined)
      if (message?.type === 'porthole-preview:error') setError(message.message)
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [])

  useEffect(() => {
    if (!ready) return
    const state: PreviewState = {
      config: previewConfig(settings, lang),
      lang,
      online,
      theme,
      invite: invite ? previewInviteText(settings, lang) : undefined,
    }
    const timer = setTimeout(() => {
      frame.current?.contentWindow?.postMessage(
        { type: 'porthole-preview:render', state },
        location.origin,
      )
    }, PREVIEW_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [ready, settings, lang, online, theme, invite])

  return (
    <section class="card preview" id="preview" aria-labelledby="preview-title">
      <h2 id="preview-title">Preview</h2>
      <div class="preview-controls">
        <SegmentedChoice
          legend="Screen"
          value={device}
          onChange={setDevice}
          options={{ desktop: 'Desktop', phone: 'Phone' }}
        />
        <SegmentedChoice
          legend="Visitor’s theme"
          value={theme}
          onChange={setTheme}
          options={{ light: 'Light', dark: 'Dark' }}
        />
        <label class="preview-lang">
          Language{' '}
          <select
            value={lang}
            onChange={(event) => {
              const chosen = event.currentTarget.value
              if (isLanguage(chosen)) setLang(chosen)
            }}
          >
            <Options of={LANGUAGE_OPTIONS} />
          </select>
        </label>
        <SegmentedChoice
          legend="Agents"
          value={online ? 'online' : 'offline'}
          onChange={(value) => setOnline(value === 'online')}
          options={{ online: 'Online', offline: 'Offline' }}
        />
        <button type="button" aria-pressed={invite} onClick={() => setInvite(!invite)}>
          {invite ? 'Hide the invitation' : 'Show invitation now'}
        </button>
      </div>
      {error && (
        <p class="field-error" role="alert">
          The preview could not show the widget: {error}
        </p>
      )}
      <div class={`preview-stage ${device}`}>
        <iframe
          ref={frame}
          src="/admin/preview"
          title="Widget preview"
          class={`preview-frame ${device}`}
          // The frame's module script has run by its load event: a missed "ready" is no matter.
          onLoad={() => setReady(true)}
        />
      </div>
    </section>
  )
}
