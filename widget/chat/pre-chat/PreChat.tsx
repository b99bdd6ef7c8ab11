import type { ComponentChildren } from 'preact'
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks'
import type { Contact } from '../../../shared/widget-api'
import { translated } from '../../i18n/translations'
import type { WidgetContext } from '../../loader/context'
import { isRecord } from '../../protocol/read'
import { request } from '../../protocol/request'
import { EN_FORM_STRINGS } from '../components/offline-form-strings'
import { FORM_CSS } from '../components/offline-form-styles'
import { adoptStyles } from '../window/adopt-styles'
import type { ChatController } from '../window/controller'
import { useObservable } from '../window/use-observable'
import { PreChatForm } from './PreChatForm'
import { askedFields, readPreChat } from './pre-chat-rules'
import { EN_PRE_CHAT_STRINGS } from './pre-chat-strings'
import { PRE_CHAT_CSS } from './pre-chat-styles'

// The pre-chat chunk: fetched by the chat window while someone is online on a site whose
// settings have a pre-chat form (preChat). The backend refuses a conversation's first
// message without what it asks (POST /api/messages, 409 pre_chat_required); this form
// gives it first: the contact to the visitor's one profile (POST /api/session), the
// consent to the backend's record (POST /api/visitor/consent), then the message box.
// A 409 all the same (the backend pruned what this browser remembers) forgets the stored
// consent, asks again, and sends the refused message once given.

interface Props {
  controller: ChatController
  context: WidgetContext
  /** The message box: shown instead when nothing is asked. */
  composer: ComponentChildren
}

const noop = (): void => {}

/** The pre-chat form in place of the message box until a new conversation has what it asks. */
export function PreChat({ controller, context, composer }: Props) {
  const chat = useObservable(controller.state)
  const { storage } = context
  // The consent's version this browser agreed to (storage key `pre-chat`); null: not read yet.
  const [agreed, setAgreed] = useState<string | undefined | null>(null)
  const element = useRef<HTMLDivElement>(null)
  const [done, setDone] = useState(false)
  // The backend refused the first message for want of the form (409 pre_chat_required).
  const [refused, setRefused] = useState(false)
  useEffect(() => {
    const listener = ({ code }: { code: string }) => {
      if (code !== 'pre_chat_required') return
      void storage.del('pre-chat').catch(noop)
      setAgreed(undefined)
      setRefused(true)
    }
    context.emitter.on('error', listener)
    return () => context.emitter.off('error', listener)
  }, [context.emitter, storage])
  useEffect(() => {
    storage.get('pre-chat').then(
      (stored) =>
        setAgreed(
          isRecord(stored) && typeof stored.version === 'string' ? stored.version : undefined,
        ),
      () => setAgreed(undefined),
    )
  }, [storage])
  useLayoutEffect(() => adoptStyles(element.current, FORM_CSS + PRE_CHAT_CSS))
  // Given: the message box replaces the form and takes the focus.
  useLayoutEffect(() => {
    if (done) element.current?.querySelector<HTMLElement>('.ph-input')?.focus()
  }, [done])
  const preChat = readPreChat(context.settings.preChat)
  const { conversation } = chat
  // Only a new conversation (none yet, or the last one ended): one in progress goes on.
  const starts =
    refused ||
    (!chat.starting &&
      (conversation.entries.length === 0 || conversation.entries.at(-1)?.ended !== undefined) &&
      conversation.outbox.length === 0)
  if (agreed === null) return <div ref={element} />
  // Refused: what the browser knows of the contact may be pruned too, so all is asked.
  const fields = preChat && starts ? askedFields(preChat, refused ? {} : chat.contact, agreed) : []
  if (!preChat || fields.length === 0)
    return (
      <div class="ph-pre-chat-done" ref={element}>
        {composer}
      </div>
    )
  const lang = context.settings.lang
  const translation = translated(lang)

  const submit = async (contact: Contact, consent: boolean): Promise<void> => {
    if (Object.keys(contact).length > 0) await controller.setContact(contact)
    const version = preChat.consent?.version
    if (consent && version) {
      const { token } = await (await controller.engine()).session.ensure()
      await request(context.fetch, `${context.base}api/visitor/consent`, {
        method: 'POST',
        token,
        body: { version },
      })
      await storage.set('pre-chat', { version, at: Date.now() }).catch(noop)
      setAgreed(version)
    }
    if (refused) {
      // The refused messages, sent again now that the backend has what it asks.
      const { outbox, delivery } = controller.state.get().conversation
      for (const item of outbox)
        if (delivery[item.id]?.state === 'failed') controller.retry(item.id)
      setRefused(false)
    }
    setDone(true)
  }

  return (
    <div class="ph-pre-chat-done" ref={element}>
      <PreChatForm
        preChat={preChat}
        fields={fields}
        words={translation?.form ?? EN_FORM_STRINGS}
        strings={translation?.preChat ?? EN_PRE_CHAT_STRINGS}
        onSubmit={submit}
      />
    </div>
  )
}
