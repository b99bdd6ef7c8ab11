import { describe, expectTypeOf, it } from 'vitest'
import type { z } from 'zod'
import {
  type AgentMessage,
  type BotButtonsMessage,
  type BotEventKind,
  type BotMessageEvent,
  type BotMessagePayload,
  type ChannelMessage,
  type ClientMessageEvent,
  type CustomerMessage,
  type ErrorBody,
  type FileMediaMessage,
  type FileMediaType,
  type IntegratorReply,
  type LocationMessage,
  type MessageType,
  type ParsedBotEvent,
  type ProviderToServiceEvent,
  parseProviderToServiceEvent,
  parseServiceToProviderEvent,
  plainTextFallback,
  type ServiceToProviderEvent,
  type Timestamp,
  type TypingMessage,
} from '../../../shared/protocol'
import { cutText, splitText } from '../../../shared/text'
import { type HttpUrl, isHttpUrl } from '../../../shared/url'
import type {
  ClientId,
  OutgoingMessage,
  StreamEvent,
  StreamEventName,
} from '../../../shared/widget-api'

// Type-level pins: these fail `tsc --noEmit` (part of npm test) when a schema's derived
// type drifts; at run time they only have to not throw.

describe('chat channel types', () => {
  it('identifiers are "string or integer" and stay as sent', () => {
    expectTypeOf<CustomerMessage['sender']['id']>().toEqualTypeOf<string | number>()
    expectTypeOf<AgentMessage['recipient']['id']>().toEqualTypeOf<string | number>()
  })

  it('message.type is the union of every type of spec 2.4', () => {
    expectTypeOf<MessageType>().toEqualTypeOf<
      | 'text'
      | 'typein'
      | 'typeout'
      | 'video'
      | 'audio'
      | 'voice'
      | 'photo'
      | 'sticker'
      | 'document'
      | 'location'
    >()
    expectTypeOf<ChannelMessage['type']>().toEqualTypeOf<MessageType>()
  })

  it('narrowing on type gives each type its required fields', () => {
    type WithFile = Extract<ChannelMessage, { type: FileMediaType }>
    expectTypeOf<WithFile>().toEqualTypeOf<FileMediaMessage>()
    expectTypeOf<WithFile['file']>().toEqualTypeOf<string>()
    expectTypeOf<WithFile['file_name']>().toEqualTypeOf<string>()
    expectTypeOf<WithFile['file_size']>().toEqualTypeOf<number>()
    expectTypeOf<LocationMessage['latitude']>().toEqualTypeOf<number>()
    expectTypeOf<Extract<ChannelMessage, { type: 'text' }>['text']>().toEqualTypeOf<string>()
    expectTypeOf<TypingMessage['id']>().toEqualTypeOf<string | undefined>()
  })

  it('an agent avatar is optional and a string once parsed', () => {
    expectTypeOf<NonNullable<AgentMessage['sender']>['photo']>().toEqualTypeOf<string | undefined>()
  })

  it('readers keep unknown fields', () => {
    expectTypeOf<CustomerMessage>().toHaveProperty('channel').toEqualTypeOf<unknown>()
  })

  it('an integrator reply is ok or an error', () => {
    expectTypeOf<IntegratorReply>().toEqualTypeOf<
      { result: 'ok' } | { error: { code: string | number; message: string } }
    >()
    expectTypeOf<ErrorBody>().toEqualTypeOf<{ error: { code: string; message: string } }>()
  })
})

describe('bot types', () => {
  it('identifiers are read as strings but may arrive as numbers', () => {
    expectTypeOf<ClientMessageEvent['id']>().toEqualTypeOf<string>()
    expectTypeOf<ClientMessageEvent['chat_id']>().toEqualTypeOf<string>()
    expectTypeOf<z.input<typeof ClientMessageEvent>['chat_id']>().toEqualTypeOf<string | number>()
    expectTypeOf<BotMessageEvent['chat_id']>().toEqualTypeOf<string | undefined>()
  })

  it('a timestamp is read as a number but may arrive as a string', () => {
    expectTypeOf<z.output<typeof Timestamp>>().toEqualTypeOf<number>()
    expectTypeOf<z.input<typeof Timestamp>>().toEqualTypeOf<number | string>()
    expectTypeOf<BotMessagePayload['timestamp']>().toEqualTypeOf<number | undefined>()
  })

  it('message types and buttons', () => {
    expectTypeOf<BotMessagePayload['type']>().toEqualTypeOf<'TEXT' | 'MARKDOWN' | 'BUTTONS'>()
    expectTypeOf<BotButtonsMessage['buttons'][number]['text']>().toEqualTypeOf<string>()
    expectTypeOf(plainTextFallback).returns.toEqualTypeOf<string | undefined>()
  })

  it('events split by direction', () => {
    expectTypeOf<ServiceToProviderEvent['event']>().toEqualTypeOf<
      'CLIENT_MESSAGE' | 'AGENT_JOINED' | 'AGENT_UNAVAILABLE' | 'CHAT_CLOSED'
    >()
    expectTypeOf<ProviderToServiceEvent['event']>().toEqualTypeOf<'BOT_MESSAGE' | 'INVITE_AGENT'>()
    expectTypeOf<BotEventKind>().toEqualTypeOf<
      ServiceToProviderEvent['event'] | ProviderToServiceEvent['event']
    >()
  })

  it('the parsers return ok / unsupported / invalid', () => {
    expectTypeOf(parseServiceToProviderEvent).returns.toEqualTypeOf<
      ParsedBotEvent<ServiceToProviderEvent>
    >()
    expectTypeOf(parseProviderToServiceEvent).returns.toEqualTypeOf<
      ParsedBotEvent<ProviderToServiceEvent>
    >()
    expectTypeOf<ParsedBotEvent<ServiceToProviderEvent>['kind']>().toEqualTypeOf<
      'ok' | 'unsupported' | 'invalid'
    >()
  })
})

describe('shared utility and widget API types', () => {
  it('text and URL helpers', () => {
    expectTypeOf(splitText).toEqualTypeOf<(text: string, max?: number) => string[]>()
    expectTypeOf(cutText).toEqualTypeOf<(text: string, max?: number) => string>()
    expectTypeOf(isHttpUrl).toEqualTypeOf<(value: string) => boolean>()
    expectTypeOf<HttpUrl>().toEqualTypeOf<string>()
    expectTypeOf<ClientId>().toEqualTypeOf<string>()
  })

  it('outgoing messages and stream events', () => {
    expectTypeOf<OutgoingMessage['type']>().toEqualTypeOf<'text' | 'typein' | 'typeout' | 'file'>()
    expectTypeOf<StreamEventName>().toEqualTypeOf<
      'message' | 'typing' | 'status' | 'read' | 'contact' | 'delivery'
    >()
    expectTypeOf<Extract<StreamEvent, { event: 'status' }>['data']>().toEqualTypeOf<{
      online: boolean
    }>()
  })
})
