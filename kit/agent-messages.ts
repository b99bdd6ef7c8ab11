import type { ChannelMessage } from '../shared/protocol'

// Agent messages (spec 2.4) pointing at the demo site's sample media.

export function createPhoto(
  siteUrl: string,
  overrides: Partial<ChannelMessage> = {},
): ChannelMessage {
  return {
    type: 'photo',
    file: new URL('/media/lake.jpg', siteUrl).href,
    file_name: 'lake.jpg',
    file_size: 13_331,
    width: 640,
    height: 427,
    text: 'The lake by the campsite',
    ...overrides,
  } as ChannelMessage
}

export function createDocument(
  siteUrl: string,
  overrides: Partial<ChannelMessage> = {},
): ChannelMessage {
  return {
    type: 'document',
    file: new URL('/media/price-list.pdf', siteUrl).href,
    file_name: 'price-list.pdf',
    file_size: 1064,
    ...overrides,
  } as ChannelMessage
}

export function createText(text: string): ChannelMessage {
  return { type: 'text', text }
}
