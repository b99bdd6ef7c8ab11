import type { FileMediaMessage, LocationMessage } from '../../../shared/protocol'
import { isHttpUrl } from '../../../shared/url'
import { formatSize, MEDIA_LABELS } from './format'
import { Icon } from './Icon'

type Props = { message: FileMediaMessage | LocationMessage }

function safe(url: string | undefined): string | undefined {
  return url && isHttpUrl(url) ? url : undefined
}

/** Every media type of spec 2.4, rendered only from http(s) links. */
export function MediaView({ message }: Props) {
  if (message.type === 'location') {
    const { latitude, longitude } = message
    const map = `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`
    return (
      <a class="media-location" href={map} target="_blank" rel="noreferrer noopener">
        <span class="media-icon">
          <Icon name="location" size={22} />
        </span>
        <span>
          <strong>Location</strong>
          <span class="small">
            {latitude.toFixed(5)}, {longitude.toFixed(5)}
          </span>
        </span>
      </a>
    )
  }
  const file = safe(message.file)
  const thumb = safe(message.thumb)
  const details = [message.performer, message.title].filter(Boolean).join(' — ')
  const meta = [
    formatSize(message.file_size),
    message.duration ? `${message.duration} s` : undefined,
    message.width && message.height ? `${message.width}×${message.height}` : undefined,
  ].filter(Boolean)
  let body = null
  if (file && (message.type === 'photo' || message.type === 'sticker')) {
    body = (
      <img
        class={`media-${message.type}`}
        src={file}
        alt={message.text ?? message.file_name}
        loading="lazy"
      />
    )
  } else if (file && message.type === 'video') {
    // The service's media messages carry no caption tracks; the caption text is shown below.
    // biome-ignore lint/a11y/useMediaCaption: no captions exist for these files
    body = <video class="media-video" src={file} poster={thumb} controls preload="metadata" />
  } else if (file && (message.type === 'audio' || message.type === 'voice')) {
    // biome-ignore lint/a11y/useMediaCaption: no captions exist for these files
    body = <audio class="media-audio" src={file} controls preload="metadata" />
  }
  return (
    <div class="media">
      {body}
      <a class="media-file" href={file} target="_blank" rel="noreferrer noopener">
        <span class="media-icon" aria-hidden="true">
          {message.emoji ? (
            <span class="emoji">{message.emoji}</span>
          ) : (
            <Icon name={message.type} size={22} />
          )}
        </span>
        <span class="media-file-text">
          <span class="media-file-name">{message.file_name}</span>
          <span class="small muted">
            {MEDIA_LABELS[message.type]} · {meta.join(' · ')}
          </span>
          {details ? <span class="small">{details}</span> : null}
        </span>
      </a>
    </div>
  )
}
