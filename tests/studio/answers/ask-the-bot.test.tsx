// @vitest-environment happy-dom
import { cleanup, fireEvent, render, within } from '@testing-library/preact'
import { afterEach, describe, expect, it } from 'vitest'
import { AskTheBot } from '../../../studio/src/answers/AskTheBot'
import { StudioApiError } from '../../../studio/src/api-request'
import { createFakeAnswersApi, createTriedAnswer } from '../support/fake-answers-api'

afterEach(cleanup)

function setup(modelConfigured = true) {
  const fake = createFakeAnswersApi({ modelConfigured })
  const view = render(<AskTheBot api={fake.api} model={{ modelConfigured }} defaultLanguage="de" />)
  const question = view.getByLabelText('Question') as HTMLTextAreaElement
  const language = view.getByLabelText('Language') as HTMLSelectElement
  const ask = (text: string) => {
    fireEvent.input(question, { target: { value: text } })
    fireEvent.click(view.getByRole('button', { name: 'Ask' }))
  }
  return { fake, view, question, language, ask }
}

describe('the Ask the bot console', () => {
  it('starts empty, in the site’s language, and asks nothing for an empty question', () => {
    const { fake, view, language, ask } = setup()
    expect(view.getByText('The answer and the passages found show here.')).toBeTruthy()
    expect(language.value).toBe('de')
    ask('   ')
    expect(fake.api.tryQuestion).not.toHaveBeenCalled()
    expect(view.getByText('Type a question first.')).toBeTruthy()
    expect(view.getByLabelText('Question').getAttribute('aria-invalid')).toBe('true')
  })

  it('shows the written answer with its links, its citations, the time, the tokens and the passages', async () => {
    const { fake, view, language, ask } = setup()
    fireEvent.change(language, { target: { value: 'fr' } })
    ask('  Can I return my boots? ')
    expect(fake.api.tryQuestion).toHaveBeenCalledWith('Can I return my boots?', 'fr')
    const answer = await view.findByRole('article', { name: 'Answer' })
    expect(answer.textContent).toContain('You can send it back within 30 days')
    expect(answer.querySelector('strong')?.textContent).toBe('30 days')
    const link = within(answer).getByRole('link', { name: 'Returns and refunds' })
    expect(link.getAttribute('href')).toBe('https://shop.example/help/returns')
    expect(answer.getAttribute('lang')).toBe('fr')
    // The citation points at its passage, on the page.
    const cites = view.getByRole('list', { name: 'Cites' })
    expect(within(cites).getByRole('link').getAttribute('href')).toBe('#ask-passage-1')
    expect(view.getByText('1.2 s · 812 tokens in, 46 out')).toBeTruthy()
    const passages = view.getByRole('list', { name: 'Passages found (2)' })
    const items = within(passages).getAllByRole('listitem')
    expect(items.map((item) => item.id)).toEqual(['ask-passage-1', 'ask-passage-2'])
    expect(items[0]?.textContent).toContain('Returns and refunds')
    expect(items[0]?.textContent).toContain('returns · score 0.91')
    expect(items[0]?.textContent).toContain('Send it back within 30 days for a full refund.')
    expect(view.getByRole('status').textContent).toBe('Answered, citing 1; 2 passages found.')
  })

  it('says why the bot fell back to the article answer', async () => {
    const { fake, view, ask } = setup()
    fake.reply(createTriedAnswer({ answer: null, fallback: 'timeout', tokens: { in: 0, out: 0 } }))
    ask('Where is my order?')
    expect(
      await view.findByText(/The model took too long\. Visitors get the article answer instead\./),
    ).toBeTruthy()
    expect(view.queryByRole('article', { name: 'Answer' })).toBeNull()
    expect(view.getByRole('status').textContent).toBe(
      'No written answer: The model took too long; 2 passages found.',
    )
  })

  it('says the articles were not searched when written answers are off', async () => {
    const { fake, view, ask } = setup()
    fake.reply(createTriedAnswer({ passages: [], answer: null, fallback: 'off' }))
    ask('Do you sell boats?')
    expect(await view.findByText('The bot did not search the articles for passages.')).toBeTruthy()
    expect(view.container.querySelector('.ask-fallback')?.textContent).toMatch(
      /Written answers are off in the saved settings/,
    )
    expect(view.queryByRole('heading', { name: /Passages found/ })).toBeNull()
    expect(view.getByRole('status').textContent).toContain('no passages searched')
  })

  it('says when no article matched', async () => {
    const { fake, view, ask } = setup()
    fake.reply(createTriedAnswer({ passages: [], answer: null, fallback: 'no_answer' }))
    ask('Do you sell boats?')
    expect(await view.findByText(/No article matched the question/)).toBeTruthy()
    expect(view.getByRole('heading', { name: 'Passages found (0)' })).toBeTruthy()
  })

  it('shows a failure as an alert and keeps the question', async () => {
    const { fake, view, question, ask } = setup()
    fake.reply(new StudioApiError(401, 'unauthorized', 'Log in again.'))
    ask('Hello?')
    const alert = await view.findByRole('alert')
    expect(alert.textContent).toBe('The question could not be tried: Log in again.')
    expect(question.value).toBe('Hello?')
  })

  it('disables Ask while asking, and Enter asks (Shift+Enter does not)', async () => {
    const { fake, view, question } = setup()
    let settle: (value: ReturnType<typeof createTriedAnswer>) => void = () => {}
    fake.reply(new Promise((resolve) => (settle = resolve)))
    fireEvent.input(question, { target: { value: 'Hours?' } })
    fireEvent.keyDown(question, { key: 'Enter', shiftKey: true })
    expect(fake.api.tryQuestion).not.toHaveBeenCalled()
    fireEvent.keyDown(question, { key: 'Enter' })
    expect(fake.api.tryQuestion).toHaveBeenCalledTimes(1)
    const button = view.getByRole('button', { name: 'Asking…' }) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    expect(view.getByRole('status').textContent).toBe('Asking the bot…')
    settle(createTriedAnswer())
    expect(await view.findByRole('article', { name: 'Answer' })).toBeTruthy()
    expect((view.getByRole('button', { name: 'Ask' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('shows the newer question’s answer when an older one comes back after it', async () => {
    const { fake, view, question } = setup()
    let settleOld: (value: ReturnType<typeof createTriedAnswer>) => void = () => {}
    fake.reply(
      new Promise((resolve) => (settleOld = resolve)),
      createTriedAnswer({ answer: { markdown: 'The newer answer.', citations: ['returns'] } }),
    )
    fireEvent.input(question, { target: { value: 'Old question' } })
    fireEvent.keyDown(question, { key: 'Enter' })
    fireEvent.input(question, { target: { value: 'New question' } })
    fireEvent.keyDown(question, { key: 'Enter' })
    expect(await view.findByText('The newer answer.')).toBeTruthy()
    settleOld(createTriedAnswer({ answer: { markdown: 'The older answer.', citations: [] } }))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(view.queryByText('The older answer.')).toBeNull()
    expect(view.getByText('The newer answer.')).toBeTruthy()
  })

  it('says when the server has no model, and not when it has one', () => {
    const off = setup(false)
    expect(off.view.getByText(/No model is configured on the server/)).toBeTruthy()
    cleanup()
    const on = setup(true)
    expect(on.view.queryByText(/No model is configured on the server/)).toBeNull()
  })
})
