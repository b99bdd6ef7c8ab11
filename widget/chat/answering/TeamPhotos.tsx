import type { ComponentChildren } from 'preact'
import { useState } from 'preact/hooks'

/**
 * The team's photos (settings `team.avatars`), in the header's heading and on the home
 * screen: `size` px each in a `class` row hidden from screen readers. A photo that does
 * not load is left out; with none left, `fallback` shows instead (the site's initial).
 */
export function TeamPhotos(props: {
  urls: string[]
  size: number
  class: string
  fallback: ComponentChildren
}): ComponentChildren {
  const { urls, size, fallback } = props
  const [broken, setBroken] = useState<string[]>([])
  const shown = urls.filter((url) => !broken.includes(url))
  if (shown.length === 0) return fallback
  return (
    <span class={props.class} aria-hidden="true">
      {shown.map((url) => (
        <img
          key={url}
          src={url}
          alt=""
          width={size}
          height={size}
          referrerpolicy="no-referrer"
          onError={() => setBroken((list) => [...list, url])}
        />
      ))}
    </span>
  )
}
