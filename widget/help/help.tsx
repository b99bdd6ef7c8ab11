import type { RefObject } from 'preact'
import type { ChatWindowState } from '../chat/window/chat-window-state'
import type { ChatController } from '../chat/window/controller'
import type { WidgetContext } from '../loader/context'
import { HelpView } from './HelpView'
import { Suggestions } from './Suggestions'

// The help chunk: the Help view and the suggestions above the message box, fetched when
// the visitor first types or opens Help (widget/chat/components/ChatApp.tsx). The window's
// side of them lives here too, so the chat chunk carries no more than the two slots.

export interface HelpProps {
  controller: ChatController
  context: WidgetContext
  /** The message box, whose text the suggestions follow. */
  input: RefObject<HTMLTextAreaElement | null>
  /** The Help view in place of the conversation; absent: the suggestions. */
  place?: ChatWindowState['help']
}

export function Help({ controller, context, input, place }: HelpProps) {
  const show = (help?: ChatWindowState['help']) => controller.state.set({ help })
  const { draft } = controller
  return place ? (
    <HelpView
      key={place.article?.id}
      context={context}
      title={controller.strings.help}
      article={place.article}
      query={place.query}
      onLeave={(talk) => {
        show()
        // "Talk to a person": their question waits in the message box (a draft stays).
        if (talk?.query && !draft.get().trim()) draft.set(talk.query)
      }}
    />
  ) : (
    <Suggestions
      context={context}
      input={input}
      onOpen={(article, query) => show({ article, query })}
    />
  )
}
