import { useLayoutEffect, useRef, useState } from 'preact/hooks'
import type { EntryContent, Language } from '../../../shared/widget-api'
import { type ChatStrings, formatBytes } from '../../i18n/chat-strings'
import { EN } from '../../i18n/english'
import { translated } from '../../i18n/translations'
import { isHttpUrl } from '../../protocol/http-url'
import { adoptStyles } from '../window/adopt-styles'
import { lazy } from './lazy'
import { MEDIA_CSS } from './media-styles'

interface Props {
  content: Exclude<EntryContent, { type: 'text' }>
  strings: ChatStrings
  lang: Language
}

/** A file card's icon of its type: a chunk of its own, its place kept until it comes. */
const FileIcon = lazy(
  () => import('./FileIcon').then((module) => module.FileIcon),
  () => <i class="ph-file-icon" />,
)

/** A voice message's label: here, with the media code, not in the chat's first open. */
const VOICE = EN.voice

/** Only http(s) links are ever rendered, whatever the parser let through. */
function safe(url: string | undefined): string | undefined {
  return url !== undefined && isHttpUrl(url) ? url : undefined
}

function Caption({ content, strings }: Omit<Props, 'lang'>) {
  const byline = [content.title, content.performer].filter(Boolean).join(' — ')
  return (
    <>
      {byline && <span class="ph-media-title">{byline}</span>}
      {content.duration !== undefined && (
        <span class="ph-media-meta">{strings.duration(content.duration)}</span>
      )}
      {content.text && <span class="ph-media-text">{content.text}</span>}
    </>
  )
}

function Picture({ content, strings }: Omit<Props, 'lang'>) {
  const [broken, setBroken] = useState(false)
  const file = safe(content.file)
  const source = safe(content.thumb) ?? file
  // A sticker is named by its emoji (the spec's stand-in for it).
  const alt =
    (content.type === 'sticker' && content.emoji) ||
    content.text ||
    content.emoji ||
    content.file_name ||
    ''
  if (broken || !source) {
    return (
      <span class={content.emoji ? 'ph-emoji' : 'ph-media-text'}>
        {content.emoji || content.file_name}
      </span>
    )
  }
  return (
    <>
      <a
        class="ph-picture"
        href={file ?? source}
        target="_blank"
        rel="noopener noreferrer nofollow"
      >
        {/* Its size, when known, keeps its place before it loads (the list stays at the bottom). */}
        <img
          src={source}
          alt={alt}
          width={content.width}
          height={content.height}
          loading="lazy"
          onError={() => setBroken(true)}
        />
      </a>
      <Caption content={{ ...content, duration: undefined }} strings={strings} />
    </>
  )
}

/** Renders an agent's media: pictures, players, files and places. Everything is text. */
function Media({ content, strings, lang }: Props) {
  const file = safe(content.file)
  switch (content.type) {
    case 'photo':
    case 'sticker':
      return <Picture content={content} strings={strings} />
    case 'video':
      return (
        <>
          {file && (
            // biome-ignore lint/a11y/useMediaCaption: the service sends no caption tracks
            <video
              class="ph-video"
              src={file}
              poster={safe(content.thumb)}
              controls
              preload="metadata"
            />
          )}
          <Caption content={content} strings={strings} />
        </>
      )
    case 'audio':
    case 'voice': {
      const label = content.type === 'voice' && (translated(lang)?.voice ?? VOICE)
      return (
        <>
          {label && <span class="ph-media-title">{label}</span>}
          {file && (
            // biome-ignore lint/a11y/useMediaCaption: the service sends no caption tracks
            <audio
              class="ph-audio"
              src={file}
              controls
              preload="metadata"
              aria-label={label || content.title || content.file_name}
            />
          )}
          <Caption content={content} strings={strings} />
        </>
      )
    }
    case 'document':
      return (
        <>
          <a
            class="ph-file"
            href={file}
            target="_blank"
            rel="noopener noreferrer nofollow"
            download={content.file_name}
          >
            <FileIcon name={content.file_name} />
            <span class="ph-file-name">{content.file_name}</span>
            <span class="ph-media-meta">
              {formatBytes(content.file_size, lang)} · {strings.download}
            </span>
          </a>
          <Caption content={content} strings={strings} />
        </>
      )
    case 'location': {
      const { latitude, longitude } = content
      const map = `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`
      return (
        <>
          <span class="ph-media-title">{content.title || strings.location}</span>
          <span class="ph-media-meta">
            {latitude.toFixed(5)}, {longitude.toFixed(5)}
          </span>
          <a class="ph-link" href={map} target="_blank" rel="noopener noreferrer nofollow">
            {strings.openMap}
          </a>
          {content.text && <span class="ph-media-text">{content.text}</span>}
        </>
      )
    }
  }
}

/**
 * Renders an agent's (or the customer's own) media; its styles come with this chunk and
 * are in place before the first media message paints.
 */
export function MediaContent(props: Props) {
  const mark = useRef<HTMLElement>(null)
  useLayoutEffect(() => {
    adoptStyles(mark.current, MEDIA_CSS)
    // Shown now (its code came later than the list rendered): the list, if it follows
    // the bottom, keeps it in view as for a picture that loads.
    mark.current?.dispatchEvent(new Event('load'))
  }, [])
  return (
    <>
      <i hidden ref={mark} />
      <Media {...props} />
    </>
  )
}
