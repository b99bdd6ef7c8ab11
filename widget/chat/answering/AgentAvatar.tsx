import { useState } from 'preact/hooks'
import { isHttpUrl } from '../../protocol/http-url'

/** "AP" for "Anna Petrova": the first letters of the first two words. */
export function initialsOf(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => [...word][0] ?? '')
    .join('')
    .toLocaleUpperCase()
}

/** A dark colour of its own for each name, so white initials read on it (WCAG AA). */
export function discColour(name: string): string {
  let hash = 0
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 360
  return `hsl(${hash} 45% 32%)`
}

/**
 * The answering agent's photo (sender.photo of A3: http(s) only, never sending the page's
 * address, at a fixed size), else, or once it fails to load, their initials on a disc.
 */
export function AgentAvatar({ name, photo }: { name: string; photo?: string | undefined }) {
  const [broken, setBroken] = useState<string>()
  const src = photo && isHttpUrl(photo) && photo !== broken ? photo : undefined
  return src ? (
    <span class="ph-avatar">
      <img
        src={src}
        alt={name}
        width={40}
        height={40}
        referrerpolicy="no-referrer"
        onError={() => setBroken(src)}
      />
    </span>
  ) : (
    <span class="ph-avatar ph-initials" style={{ background: discColour(name) }} aria-hidden="true">
      {initialsOf(name)}
    </span>
  )
}
