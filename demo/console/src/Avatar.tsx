import { isHttpUrl } from '../../../shared/url'
import { initials } from './format'

type Props = { name: string; photo?: string | undefined; size?: 'small' | 'large' }

/** A photo when it is an http(s) link that loads, else the name's initials. */
export function Avatar({ name, photo, size = 'small' }: Props) {
  return (
    <span class={`avatar avatar-${size}`} aria-hidden="true">
      {photo && isHttpUrl(photo) ? (
        <img
          src={photo}
          alt=""
          referrerpolicy="no-referrer"
          onError={(event) => event.currentTarget.remove()}
        />
      ) : null}
      <span class="avatar-initials">{initials(name)}</span>
    </span>
  )
}
