import type { BotButtonsMessage } from '../../../shared/protocol/bot'

/** The plain-text fallback of the shipping question: what an agent's copy of it brings back. */
export const SHIPPING_FALLBACK = 'Where should we ship? Reply "Within the country" or "Abroad".'

/** The bot's shipping question with two buttons, as a rule's reply (B2 BUTTONS). */
export function createShippingButtons(
  overrides: Partial<BotButtonsMessage> = {},
): BotButtonsMessage {
  return {
    type: 'BUTTONS',
    title: 'Where should we ship?',
    text: SHIPPING_FALLBACK,
    buttons: [
      { id: 'domestic', text: 'Within the country' },
      { id: 'abroad', text: 'Abroad' },
    ],
    ...overrides,
  }
}

/** How the widget shows the shipping question: its entry's `rich`. */
export const SHIPPING_LOOK = {
  type: 'buttons',
  text: 'Where should we ship?',
  buttons: [
    { id: 'domestic', text: 'Within the country' },
    { id: 'abroad', text: 'Abroad' },
  ],
}
