import type { ComponentChildren } from 'preact'

/** What a banner or a notice line says: an error is an alert, anything else a status. */
export type NoticeText = { kind: 'info' | 'error'; text: string }

/** An error is announced at once (alert); anything else politely (status). */
export const roleOf = (notice: NoticeText) => (notice.kind === 'error' ? 'alert' : 'status')

/** A notice across the page or the article editor, with any action it offers. */
export function Banner({ notice, children }: { notice: NoticeText; children?: ComponentChildren }) {
  return (
    <div class={`banner ${notice.kind}`} role={roleOf(notice)}>
      <p>{notice.text}</p>
      {children}
    </div>
  )
}
