import { isRecord } from '../../../shared/is-record'
import { isLanguage } from '../../../shared/language-names'
import type { StudioLanguage } from '../preview-config'

// The studio and its preview frame talk with postMessage, same origin only.

export interface PreviewState {
  /** The public config to mount the widget with (previewConfig). */
  config: Record<string, unknown>
  lang: StudioLanguage
  online: boolean
  theme: 'light' | 'dark'
  /** The invitation bubble's text while "Show invitation now" is on. */
  invite: string | undefined
}

export type ToPreview = { type: 'porthole-preview:render'; state: PreviewState }
export type FromPreview =
  | { type: 'porthole-preview:ready' }
  | { type: 'porthole-preview:rendered'; count: number }
  | { type: 'porthole-preview:error'; message: string }

export function readToPreview(data: unknown): ToPreview | undefined {
  if (!isRecord(data) || data.type !== 'porthole-preview:render' || !isRecord(data.state))
    return undefined
  const { config, lang, online, theme, invite } = data.state
  if (!isRecord(config) || !isLanguage(lang) || typeof online !== 'boolean') return undefined
  if (theme !== 'light' && theme !== 'dark') return undefined
  if (invite !== undefined && typeof invite !== 'string') return undefined
  return { type: 'porthole-preview:render', state: { config, lang, online, theme, invite } }
}

export function readFromPreview(data: unknown): FromPreview | undefined {
  if (!isRecord(data)) return undefined
  if (data.type === 'porthole-preview:ready') return { type: data.type }
  if (data.type === 'porthole-preview:rendered' && typeof data.count === 'number')
    return { type: data.type, count: data.count }
  if (data.type === 'porthole-preview:error' && typeof data.message === 'string')
    return { type: data.type, message: data.message }
  return undefined
}
