import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks'
import type { HelpProps } from '../../help/help'
import type { WidgetContext } from '../../loader/context'
import { answeringAgent } from '../answering/answering-agent'
import type { Attachments } from '../attachments/attachments'
import type { HomeProps } from '../home/HomeScreen'
import { showsHome } from '../home/home-state'
import { onceFetch } from '../home/once-fetch'
import type { ChatController } from '../window/controller'
import { useObservable } from '../window/use-observable'
import { ChatHeader } from './ChatHeader'
import { Composer } from './Composer'
import { ConversationLog, IntroLog, LogPlace } from './conversation-log'
import { lazy } from './lazy'

/** The offline form's code is fetched only when it is shown (nobody online, a new conversation). */
const OfflineForm = lazy(() => import('./OfflineForm').then((module) => module.OfflineForm))

/** The pre-chat form's code: fetched while someone is online on a site that has one. */
const PreChat = lazy(() => import('../pre-chat/PreChat').then((module) => module.PreChat))

/** The home screen (no conversation to read): drawn after the window, whose message box is usable at once. */
const Home = lazy<HomeProps>(
  () => import('../home/HomeScreen').then((module) => module.HomeScreen),
  LogPlace,
)

/** The Help view, or the suggestions above the message box: fetched at the first input or Help. */
const Help = lazy<HelpProps>(() => import('../../help/help').then((module) => module.Help))

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
  const { strings } = controller
  // The attachments' code loads at the first attach, drop or paste (a chunk of its own).
  const [tray, setTray] = useState<Attachments>()
  const [files, setFiles] = useState(false)
  // A file dragged over the window: it shows where to drop it.
  const [dropping, setDropping] = useState(false)
  // The suggestions' code comes with the first input in the message box.
  const [typed, setTyped] = useState(false)
  const attach = (list?: FileList | null) => {
    // Copied now: a drop's and a paste's files, and the picker's once reset, are gone later.
    const chosen = [...(list ?? [])]
    return (
      chosen.length > 0 &&
      import('../attachments/attachments').then((module) => {
        const loaded = module.attachments(context, controller, setFiles)
        setTray(loaded)
        loaded.add(chosen)
      })
    )
  }

  // Both in the task that shows the window, before it is painted (a layout effect): a key
  // pressed as the window appears reaches the message box, and Escape closes it.
  // Back from the Help view too: the message box has the focus again.
  const reading = chat.help
  // The team's settings: read once an open, for the header and the home screen.
  const team = useMemo(
    () => ({ base: context.base, fetch: onceFetch(context.fetch), lang: settings.lang }),
    [ui.open, settings.lang],
  )
  // The ended conversation whose log shows instead of the home screen: the visitor opened
  // it, or saw it end in this open (`live`: its log was on screen). Both go at the close.
  const [opened, setOpened] = useState<string>()
  const live = useRef<string | undefined>(undefined)
  useLayoutEffect(() => {
    if (ui.open) return
    live.current = undefined
    setOpened(undefined)
  }, [ui.open])
  useLayoutEffect(() => {
    if (ui.open && !reading) input.current?.focus()
  }, [ui.open, !reading])

  // Escape closes from anywhere in the widget, the launcher included.
  useLayoutEffect(() => {
    const { frame } = context
    const onKey = (event: KeyboardEvent) => {
      // A text box always matches :focus-visible: the message box's ring shows only once
      // the visitor moves by keyboard (chat-styles.ts), and goes with a pointer's press.
      if (event.key === 'Tab') frame.setAttribute('data-kb', '')
      if (event.key !== 'Escape' || !context.ui.get().open) return
      context.setOpen(false)
      context.launcher.focus()
    }
    const onPointer = () => frame.removeAttribute('data-kb')
    frame.addEventListener('keydown', onKey)
    frame.addEventListener('pointerdown', onPointer)
    return () => {
      frame.removeEventListener('keydown', onKey)
      frame.removeEventListener('pointerdown', onPointer)
    }
  }, [context])

  if (!ui.open) return null
  const close = () => {
    context.setOpen(false)
    context.launcher.focus()
  }
  const { conversation } = chat
  // The agent answering now (the bot and an ended conversation's agent are not).
  const agent = answeringAgent(conversation.entries)
  const last = conversation.entries.at(-1)
  if (!chat.starting && last?.ended === undefined) live.current = 'log'
  else if (last?.ended && live.current === 'log') live.current = last.id
  // An invitation the visitor answered opens on the conversation it starts, not the home screen.
  const invite = conversation.invite ?? ui.inviteAnswer
  const home = !invite && showsHome(conversation, chat, opened ?? live.current)
  // Nobody to answer: no agent online, or outside the business hours.
  const offline = ui.online === false || ui.away === true
  // The form starts a conversation while nobody is there (none yet, or the last one
  // ended); one in progress keeps its composer: messages wait in the outbox. It asks
  // only what the visitor's one profile lacks (nothing left: the composer).
  const needsContact = offline && showsHome(conversation, chat, undefined)
  const composer = (
    <>
      {tray && <tray.Tray />}
      {typed && <Help controller={controller} context={context} input={input} />}
      <Composer
        strings={strings}
        inputRef={input}
        onSend={(text) => {
          controller.send(text)
          tray?.send()
        }}
        onInput={(text) => {
          controller.input(text)
          setTyped(true)
        }}
        draft={controller.draft}
        onFiles={attach}
        files={files}
        accept={tray?.accept}
      />
      {(chat.masked || chat.link === 'noNetwork') && (
        <p class="ph-notice" role="status">
          {chat.masked || strings.noNetwork}
        </p>
      )}
    </>
  )
  // While nobody can answer, the form starts the conversation; in the home screen, it is part of it.
  const form = (
    <OfflineForm
      form={settings.offlineForm}
      contact={chat.contact}
      lang={settings.lang}
      strings={strings}
      draft={controller.draft}
      composer={composer}
      onSubmit={async (contact, text) => {
        await controller.setContact(contact)
        controller.send(text)
      }}
    />
  )
  const notice = chat.note || (offline ? settings.offlineText || strings.offlineIntro : undefined)
  // The site's greeting only while someone can answer; otherwise the offline text says it.
  const greeting = ui.online && !offline ? settings.greeting : undefined
  const intro = [greeting, invite].filter((text): text is string => Boolean(text))
  // The first frame's log (the greeting, the invitation) needs none of the engine's list;
  // once that list is there it stays (its element, scroll and focus kept).
  const Log =
    ConversationLog.ready() ||
    chat.starting ||
    chat.agentTyping ||
    conversation.entries.length + conversation.outbox.length
      ? ConversationLog
      : IntroLog

  return (
    <section
      class={`ph-window${dropping ? ' ph-drop' : ''}`}
      role="dialog"
      aria-label={settings.title}
      onDragOver={(event) => {
        if (!event.dataTransfer?.types.includes('Files')) return
        event.preventDefault()
        setDropping(true)
      }}
      onDragLeave={(event) =>
        event.currentTarget.contains(event.relatedTarget as Node | null) || setDropping(false)
      }
      onDrop={(event) => {
        setDropping(false)
        if (attach(event.dataTransfer?.files)) event.preventDefault()
      }}
      // The first key in the message box or the offline form starts the conversation's
      // engine (controller.ts) while the visitor types; an input event does it too.
      onKeyDown={(event) =>
        /^(TEXTAREA|INPUT)$/.test((event.target as Element).tagName) && controller.start()
      }
      onPaste={(event) => {
        const data = event.clipboardData
        // Copied cells or rich text carry a picture of themselves too: the text wins.
        if (!data?.types.includes('text/plain') && attach(data?.files)) event.preventDefault()
      }}
    >
      <ChatHeader
        title={settings.title}
        agent={agent}
        online={ui.online}
        away={ui.away}
        link={chat.link}
        strings={strings}
        onClose={close}
        sound={settings.sound ? controller : undefined}
        help={!!reading}
        onHelp={() => controller.state.set({ help: reading ? undefined : {} })}
        // The visitor's data (Download, Delete): none to offer before they agree, nor once erased.
        menu={!!chat.gate}
        onMenu={
          context.ended
            ? undefined
            : () =>
                import('../privacy/menu').then((module) => module.toggleMenu(context, controller))
        }
        team={team}
      />
      {chat.gate ??
        (reading ? (
          <Help controller={controller} context={context} input={input} place={reading} />
        ) : (
          <>
            {home ? (
              <Home
                controller={controller}
                context={context}
                team={team}
                offline={offline}
                notice={notice}
                input={input}
                onLast={setOpened}
              >
                {needsContact && form}
              </Home>
            ) : (
              <Log
                conversation={conversation}
                history={chat.history}
                intro={intro}
                notice={notice}
                starting={chat.starting}
                typing={chat.agentTyping}
                strings={strings}
                lang={settings.lang}
                onRetry={controller.retry}
                onSendNow={controller.sendNow}
                onLoadEarlier={controller.loadEarlier}
                onSend={controller.send}
              />
            )}
            {chat.prompt ??
              (needsContact ? (
                !home && form
              ) : settings.preChat && !offline ? (
                <PreChat controller={controller} context={context} composer={composer} />
              ) : (
                composer
              ))}
          </>
        ))}
    </section>
  )
}
