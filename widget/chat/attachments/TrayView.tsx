import { useState } from 'preact/hooks'
import type { Language } from '../../../shared/widget-api'
import { formatBytes } from '../../i18n/chat-strings'
import { LIST_CSS } from '../components/list-styles'
import { adoptStyles } from '../window/adopt-styles'
import { useObservable } from '../window/use-observable'
import type { AttachStrings } from './attach-strings'
import type { Tray, TrayItem } from './tray-model'

interface Props {
  tray: Tray
  strings: AttachStrings
  lang: Language
}

function extension(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1, dot + 5) : ''
}

function Attachment({ item, tray, strings, lang }: Props & { item: TrayItem }) {
  const { file, state, error } = item
  // A page whose CSP has no `img-src blob:` refuses the preview: the type's tile instead.
  const [broken, setBroken] = useState(false)
  const name = item.as?.name ?? file.name
  const uploading = state === 'uploading'
  const bad = state === 'refused' || state === 'failed'
  return (
    <li class={`ph-att${bad ? ' ph-att-bad' : ''}`}>
      {item.preview && !broken ? (
        <img class="ph-att-img" src={item.preview} alt="" onError={() => setBroken(true)} />
      ) : (
        <span class="ph-att-img ph-att-ext" aria-hidden="true">
          {extension(name)}
        </span>
      )}
      <span class="ph-att-text">
        <span class="ph-att-name">{name}</span>
        {error ? (
          // One line per file: what is wrong with it (screen readers hear which file too).
          <span class="ph-failed" role="alert">
            <span class="ph-sr">{name}: </span>
            {error}
          </span>
        ) : (
          <span class="ph-media-meta">{formatBytes(file.size, lang)}</span>
        )}
        {uploading && (
          <progress max={1} value={item.progress} aria-label={strings.uploading(name)} />
        )}
      </span>
      {state === 'failed' && (
        <button type="button" class="ph-retry" onClick={() => tray.retry(item.key)}>
          {strings.retry}
        </button>
      )}
      <button
        type="button"
        class="ph-att-x"
        aria-label={uploading || state === 'queued' ? strings.cancel(name) : strings.remove(name)}
        onClick={() => tray.remove(item.key)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
    </li>
  )
}

/**
 * The files about to be sent: thumbnails or names and sizes, errors, upload progress, remove
 * and cancel; under files refused for their type, once, the types the site accepts.
 */
export function TrayView(props: Props) {
  const { items } = useObservable(props.tray.state)
  if (items.length === 0) return null
  return (
    <ul
      class="ph-tray"
      aria-label={props.strings.tray}
      // A file's size and retry are drawn as the list draws them, whichever comes first.
      ref={(node) => adoptStyles(node, LIST_CSS)}
    >
      {items.map((item) => (
        <Attachment key={item.key} item={item} {...props} />
      ))}
      {items.some((item) => item.badType) && (
        <li class="ph-att-types">{props.strings.accepted(props.tray.types)}</li>
      )}
    </ul>
  )
}
