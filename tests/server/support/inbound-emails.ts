import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const DIR = join(import.meta.dirname, '../email/inbound/fixtures')

/** The test visitor every fixture answers (reply addresses signed with TEST_SESSION_SECRET). */
export const FIXTURE_VISITOR = 'V1StGXR8_Z5jdHi6B-myT'
export const FIXTURE_DOMAIN = 'reply.northwind.example'
/** The Reply-To of the e-mail the fixtures answer, signed for FIXTURE_VISITOR. */
export const FIXTURE_ADDRESS =
  'reply+kyyvg5chlbjdqx22gvvgisdjgzbc23lzkq-tiiwga7jk7rmnnii@reply.northwind.example'

/** The replies by people, and the words of each the agents must get. */
export const REPLIES: Record<string, string> = {
  'gmail.eml':
    'Great, thank you! Will someone need to sign for it, or can the courier\nleave it at the door?',
  'outlook.eml':
    'Hi Anna,\n\nThanks for the quick answer. Could you send me the tracking number?\n\nBest regards,\nMaria',
  'outlook-original-message.eml': 'Please cancel the second item of the order.\n\nMaria Lopez',
  'apple-mail.eml': 'Perfect, Friday works for me.\n\nMaria',
  'iphone-photo.eml': 'The box arrived damaged, here is a photo.',
  'thunderbird.eml':
    'Thank you. Could the courier call me half an hour before delivery? My number is +44 20 7946 0018.',
  'plain-text.eml': 'Thanks. Which carrier is it?\n\nFriday is fine.',
  'html-only.eml': 'Yes, please deliver it to 12 Baker Street instead.\n\nThanks,\nMaria',
  'russian-qp.eml':
    'Спасибо! А можно забрать заказ в пункте выдачи на Тверской?\n\nС уважением,\nМария',
  'russian-base64.eml': 'Подскажите, пожалуйста, номер для отслеживания посылки.',
}

/** Machine-made mail, and why it is dropped. */
export const LOOPS: Record<string, string> = {
  'out-of-office.eml': 'auto_submitted',
  'bounce.eml': 'auto_submitted',
}

export function readFixture(name: string): Buffer {
  return readFileSync(join(DIR, name))
}

/** The fixture addressed to `address` instead (another visitor's conversation). */
export function readFixtureTo(name: string, address: string): Buffer {
  return Buffer.from(
    readFixture(name).toString('latin1').replaceAll(FIXTURE_ADDRESS, address),
    'latin1',
  )
}
