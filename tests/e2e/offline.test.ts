import { expect, it } from 'vitest'
import { createText } from '../../kit/agent-messages'
import { describeInBrowser } from '../../kit/chromium'
import { useBrowserDemo } from '../support/browser-demo'
import { bubble, composer, launcher, waitOnline } from '../support/widget-page'
import { visitWhileNobodyOnline } from './support/visitor'

describeInBrowser('nobody online: the visitor leaves a message with contact details', () => {
  const e2e = useBrowserDemo()

  it('asks for an email or phone, delivers the message with the contact, and shows the later reply', async () => {
    // Nobody is online when the demo starts.
    const { agent, context, page } = await visitWhileNobodyOnline(e2e)
    await launcher(page).click()
    await page
      .getByText('Our team is away right now. Leave a message and we will answer here.')
      .waitFor()

    await page.getByRole('textbox', { name: 'Name' }).fill('Olga Petrova')
    await page
      .getByRole('textbox', { name: 'Message' })
      .fill('Please call me back about a group order.')
    await page.getByRole('button', { name: 'Send message' }).click()
    await page
      .getByRole('alert')
      .getByText('Please give an email or a phone number so we can answer you.')
      .waitFor()

    await page.getByRole('textbox', { name: 'Email' }).fill('olga@example.com')
    await page.getByRole('button', { name: 'Send message' }).click()
    await bubble(page, 'Please call me back about a group order.').waitFor()
    const chat = await agent.chatWith('Please call me back about a group order.')
    expect(chat.customer).toMatchObject({ name: 'Olga Petrova', email: 'olga@example.com' })

    // The bot hands over and hears no agent is available; the visitor gave an email in the
    // form (the service's card has contacts), so the bot does not ask for one again.
    await bubble(
      page,
      'No agent is online right now. We have your contact details and will get back to you soon.',
    ).waitFor()
    expect(await page.getByText('Leave your email or phone number').count()).toBe(0)

    // Later an agent comes online and answers; the widget switches to the composer.
    await agent.setOnline('Boris', true)
    await waitOnline(page)
    await agent.send(
      chat.id,
      'Boris',
      createText('Hi Olga, Boris here. Calling you in five minutes.'),
    )
    await bubble(page, 'Hi Olga, Boris here. Calling you in five minutes.').waitFor()
    await composer(page).waitFor()
    expect(await page.getByRole('button', { name: 'Send message' }).count()).toBe(0)
    await context.close()
  })
})
