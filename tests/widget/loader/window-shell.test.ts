import { fireEvent, waitFor } from '@testing-library/preact'
import { afterEach, describe, expect, it } from 'vitest'
import type { ChatModule } from '../../../widget/loader/context'
import { createFakeBackend } from '../../support/fake-fetch'
import { mountTestWidget, type TestWidget } from '../../support/mount-widget'

// Issue 38: at a new visitor's tap the loader draws the window's frame and a working
// message box at once; the chat's file arrives later (a round trip and its evaluation on a
// slow phone) and takes over what was typed.

const widgets: TestWidget[] = []
afterEach(() => {
  for (const widget of widgets.splice(0)) widget.unmount()
})

/** The chat's file, held back until `arrive()`. */
function slowChat() {
  let arrive = () => {}
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve
  })
  const loadChat = (): Promise<ChatModule> =>
    arrived.then(() => import('../../../widget/chat/window/start-chat'))
  return { loadChat, arrive }
}

async function start(options: Parameters<typeof mountTestWidget>[0]) {
  const widget = await mountTestWidget(options)
  widgets.push(widget)
  return widget
}

const shellOf = (widget: TestWidget) => widget.root.querySelector('.ph-shell')
const shellBox = (widget: TestWidget) =>
  widget.root.querySelector<HTMLTextAreaElement>('.ph-shell textarea')

describe("the loader's window frame until the chat is in", () => {
  it('shows the title, the greeting and a focused message box, and hands the typed text and the focus to the chat', async () => {
    const backend = createFakeBackend({
      config: { title: 'Lakeside cabins', greeting: 'Ask us about the sauna.' },
    })
    const chat = slowChat()
    const widget = await start({ backend, loadChat: chat.loadChat })
    widget.widget.api.open()
    await waitFor(() => expect(shellBox(widget)).not.toBeNull())
    const shell = shellOf(widget)
    expect(shell?.textContent).toContain('Lakeside cabins')
    expect(shell?.querySelector('.ph-log')?.textContent).toBe('Ask us about the sauna.')
    const box = shellBox(widget) as HTMLTextAreaElement
    expect(box.getAttribute('aria-label')).toBe('Message')
    expect(widget.root.activeElement).toBe(box)
    box.value = 'Is the sauna heated'
    fireEvent.input(box)
    chat.arrive()
    await waitFor(() => expect(shellOf(widget)).toBeNull())
    const real = widget.screen.getByRole('textbox', { name: 'Message' })
    expect(real.closest('.ph-window')).not.toBeNull()
    expect((real as HTMLTextAreaElement).value).toBe('Is the sauna heated')
    expect(widget.root.activeElement).toBe(real)
  })

  it("names its message box in the visitor's language, from the language file the loader has", async () => {
    const chat = slowChat()
    const backend = createFakeBackend({ config: { lang: 'ru' } })
    const widget = await start({ backend, loadChat: chat.loadChat })
    widget.widget.api.open()
    await waitFor(() => expect(shellBox(widget)).not.toBeNull())
    expect(shellBox(widget)?.getAttribute('aria-label')).toBe('Сообщение')
  })

  it('sends the message the visitor pressed Enter on before the chat was in', async () => {
    const chat = slowChat()
    const widget = await start({ loadChat: chat.loadChat })
    widget.widget.api.open()
    await waitFor(() => expect(shellBox(widget)).not.toBeNull())
    const box = shellBox(widget) as HTMLTextAreaElement
    box.value = 'Hello early'
    fireEvent.input(box)
    fireEvent.keyDown(box, { key: 'Enter' })
    // Enter does not add a line to the frame's box: it is kept for the chat.
    expect(box.value).toBe('Hello early')
    chat.arrive()
    await waitFor(() =>
      expect(
        [...widget.root.querySelectorAll('.ph-own .ph-bubble')].map((node) => node.textContent),
      ).toEqual(['Hello early']),
    )
  })

  it("goes when the chat's window shows without its message box (an offline form), handing the text to the form's", async () => {
    let arrive = () => {}
    const arrived = new Promise<void>((resolve) => {
      arrive = resolve
    })
    const form = document.createElement('textarea')
    const loadChat = async (): Promise<ChatModule> => {
      await arrived
      return {
        startChat: async (context) => {
          const window = document.createElement('div')
          window.className = 'ph-window'
          window.append(form)
          context.frame.prepend(window)
          return { destroy: () => window.remove() } as never
        },
      }
    }
    const widget = await start({ loadChat })
    widget.widget.api.open()
    await waitFor(() => expect(shellBox(widget)).not.toBeNull())
    const box = shellBox(widget) as HTMLTextAreaElement
    box.value = 'Call me back'
    arrive()
    await waitFor(() => expect(shellOf(widget)).toBeNull())
    expect(form.value).toBe('Call me back')
  })

  it('goes when the chat is closed before it came, and is not drawn once the chat is in', async () => {
    const chat = slowChat()
    const widget = await start({ loadChat: chat.loadChat })
    widget.widget.api.open()
    await waitFor(() => expect(shellBox(widget)).not.toBeNull())
    widget.widget.api.close()
    expect(shellOf(widget)).toBeNull()
    chat.arrive()
    widget.widget.api.open()
    await widget.screen.findByRole('textbox', { name: 'Message' })
    widget.widget.api.close()
    widget.widget.api.open()
    await widget.screen.findByRole('textbox', { name: 'Message' })
    await new Promise((resolve) => requestAnimationFrame(resolve))
    expect(shellOf(widget)).toBeNull()
  })

  it('is not drawn where the chat shows no message box first: consent required, or offline', async () => {
    for (const backend of [
      // Any consent record: the chat's consent chunk reads it.
      createFakeBackend({ config: { consent: {} as never } }),
      createFakeBackend({ online: false }),
    ]) {
      const chat = slowChat()
      const widget = await start({ backend, loadChat: chat.loadChat })
      if (backend.state.online === false)
        await waitFor(() => expect(widget.root.querySelector('.ph-offline')).not.toBeNull())
      widget.widget.api.open()
      await new Promise((resolve) => requestAnimationFrame(resolve))
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(shellOf(widget)).toBeNull()
    }
  })
})
