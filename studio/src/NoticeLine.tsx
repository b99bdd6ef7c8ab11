import { type NoticeText, roleOf } from './Banner'

/** A one-line outcome under a form or a list, in the error colour when it is one. */
export function NoticeLine({ notice }: { notice: NoticeText }) {
  return (
    <p class={notice.kind === 'error' ? 'field-error' : 'ok-text'} role={roleOf(notice)}>
      {notice.text}
    </p>
  )
}
