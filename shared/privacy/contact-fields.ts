import { maskSecrets } from './mask-secrets'

/**
 * Hides a card number or IBAN typed where no secret belongs: a contact's name (the
 * pre-chat form, the offline form, the bot's questions, `identify`) and an attachment's
 * file name. The e-mail address and the phone number are left as given: they are checked
 * against their own formats, and a phone number may look like a card number.
 *
 * @example maskFreeField('Ann 4111 1111 1111 1111') // 'Ann •••• •••• •••• 1111'
 */
export function maskFreeField(text: string): string {
  return maskSecrets(text).text
}
