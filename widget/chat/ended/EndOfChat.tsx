import { useEffect, useMemo, useState } from 'preact/hooks'
import type { ConversationEntry, Language, PublicConfig } from '../../../shared/widget-api'
import { translated } from '../../i18n/translations'
import type { WidgetContext } from '../../loader/context'
import { adoptStyles } from '../window/adopt-styles'
import { endCall } from './end-call'
import { endSlot } from './end-slot'
import { ENDED_CSS } from './ended-css'
import { EN_ENDED_STRINGS } from './ended-strings'
import { RatingPanel } from './RatingPanel'
import { TranscriptPanel } from './TranscriptPanel'

type Props = {
  /** The end this panel is under (it shows only under endToShow's). */
  at: string
  entries: ConversationEntry[]
}

/** The visitor wrote it (not a rating sent to the agents): a conversation is under way. */
const isMessage = (entry: ConversationEntry) =>
  entry.author === 'visitor' && !entry.clientId?.startsWith('rating-')

/**
 * The end whose rating and transcript show: the newest, unless the visitor started a new
 * conversation after it (nothing shows), or it ended a "conversation" the visitor wrote
 * nothing in but a rating (sent to the agents; the bot or the idle timeout may answer
 * and end it): then the one before.
 */
export function endToShow(entries: ConversationEntry[]): ConversationEntry | undefined {
  let i = entries.length - 1
  for (; i >= 0 && !entries[i]?.ended; i--) if (isMessage(entries[i] as ConversationEntry)) return
  while (i >= 0) {
    const end = entries[i]
    let real = false
    for (i--; i >= 0 && !entries[i]?.ended; i--) real ||= isMessage(entries[i] as ConversationEntry)
    if (real || i < 0) return end
  }
  return undefined
}

/**
 * Under the "This conversation has ended" separator of the newest ended conversation:
 * its rating (thumbs or 1–5 stars, the settings' `email.rating`; a tap rates, a comment
 * may follow) and "E-mail me the transcript" when e-mail is on (asking for the address
 * when the profile has none; an address not yet confirmed gets a link first, and the
 * panel says so). A chunk of its own, fetched when a conversation has ended.
 */
export function EndOfChat({ at, entries }: Props) {
  const context = endSlot.context as WidgetContext
  const email = endSlot.state?.get().contact.email
  const lang: Language = context.settings.lang
  const t = translated(lang)?.ended ?? EN_ENDED_STRINGS
  const id = endToShow(entries)?.id === at ? at : undefined
  const call = useMemo(() => endCall(context), [context])
  // What this site offers (GET /api/config `ended`; absent: thumbs, no transcript).
  const [offer, setOffer] = useState<NonNullable<PublicConfig['ended']>>()
  const kind = offer?.rating ?? 'thumbs'

  // Only the panel that shows asks (one end of several).
  useEffect(() => {
    if (!id) return
    call(`config?lang=${lang}`).then(
      (config) => setOffer((config.ended as typeof offer) ?? {}),
      () => setOffer({}),
    )
  }, [id])

  if (!id || !offer) return null
  return (
    <div ref={(node) => adoptStyles(node, ENDED_CSS)} class="ph-end" lang={lang}>
      {kind !== 'none' && <RatingPanel key={id} id={id} kind={kind} t={t} call={call} />}
      {offer.transcript && <TranscriptPanel key={id} id={id} email={email} t={t} call={call} />}
    </div>
  )
}
