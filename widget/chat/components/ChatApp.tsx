import { useEffect, useRef, useState } from 'preact/hooks'
import { CHAT_STRINGS } from '../../i18n/chat-strings'
import type { WidgetContext } from '../../loader/context'
import type { Attachments } from '../attachments/attachments'
import type { ChatController } from '../controller'
import { useObservable } from '../use-observable'
import { ChatHeader } from './ChatHeader'
import { Composer } from './Composer'
import { MessageList } from './MessageList'
import { OfflineForm } from './OfflineForm'

interface Props {
  controller: ChatController
  context: WidgetContext
}

/** The chat window: header, conversation and composer (or the offline form). */
export function ChatApp({ controller, context }: Props) {
  const ui = useObservable(context.ui)
  const chat = useObservable(controller.state)
  const input = useRef<HTMLTextAreaElement>(null)
  const { settings } = context
  const strings = CHAT_STRINGS[settings.lang]
  // The attachments' code loads at the first attach, drop or paste (a chunk of its own).
  const [tray, setTray] = useState<Attachments>()
  const [files, setFiles] = useState(false)
  const attach = (list?: FileList | null) =>
    list?.length &&
    import('../attachments/attachments')
      .then((module) => module.attachments(context, controller, setFiles))
      .then((loaded) => {
        setTray(loaded)
        loaded.add([...list])
      })

  useEffect(() => {
    if (ui.open) input.current?.focus()
  }, [ui.open])

  // Escape closes from anywhere in the widget, the launcher included.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !context.ui.get().open) return
      context.setOpen(false)
      context.launcher.focus()
    }
    context.frame.addEventListener('keydown', onKey)
    return () => context.frame.removeEventListener('keydown', onKey)
  }, [context])

  if (!ui.open) return null
  const close = () => {
    context.setOpen(false)
    context.launcher.focus()
  }
  const { conversation } = chat
  const agent = conversation.entries.findLast((entry) => entry.author !== 'visitor' && entry.name)
  const offline = ui.online === false
  // The form starts a conversation while nobody is there; one in progress (anything in
  // the log or the outbox) keeps its composer: messages wait in the outbox.
  const needsContact =
    offline &&
    !chat.contact.email &&
    !chat.contact.phone &&
    conversation.entries.length === 0 &&
    conversation.outbox.length === 0
  const invite = conversation.invite ?? ui.inviteAnswer
  const intro = [settings.greeting, invite].filter((text): text is string => Boolean(text))

  return (
    <section
      class="ph-window"
      role="dialog"
      aria-label={settings.title}
      onDragOver={(event) => {
        if (event.dataTransfer?.types.includes('Files')) event.preventDefault()
      }}
      onDrop={(event) => {
        if (attach(event.dataTransfer?.files)) event.preventDefault()
      }}
      onPaste={(event) => {
        if (attach(event.clipboardData?.files)) event.preventDefault()
      }}
    >
      <ChatHeader
        title={settings.title}
        agent={agent}
        online={ui.online}
        strings={strings}
        onClose={close}
      />
      <MessageList
        conversation={conversation}
        history={chat.history}
        intro={intro}
        notice={offline ? settings.offlineText || strings.offlineIntro : undefined}
        typing={chat.agentTyping}
        strings={strings}
        lang={settings.lang}
        onRetry={controller.retry}
        onSendNow={controller.sendNow}
        onLoadEarlier={controller.loadEarlier}
      />
      {needsContact ? (
        <OfflineForm
          strings={strings}
          draft={controller.draft}
          onSubmit={async (contact, text) => {
            await controller.setContact(contact)
            controller.send(text)
          }}
        />
      ) : (
        <>
          {tray && <tray.Tray />}
          <Composer
            strings={strings}
            inputRef={input}
            onSend={(text) => {
              controller.send(text)
              tray?.send()
            }}
            onInput={controller.typing.input}
            draft={controller.draft}
            onFiles={attach}
            files={files}
            accept={tray?.accept}
          />
        </>
      )}
    </section>
  )
}
