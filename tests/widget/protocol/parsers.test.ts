import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { isHttpUrl as sharedIsHttpUrl } from '../../../shared/url'
import {
  ConversationEntry,
  HistoryResponse,
  PostMessageResponse,
  PublicConfig,
  PublicInvitation,
  PublicOfflineForm,
  ReadMarker,
  SessionResponse,
  parseStreamEvent as sharedParseStreamEvent,
} from '../../../shared/widget-api'
import { parseInvite } from '../../../widget/loader/invite'
import { parseInvitations } from '../../../widget/loader/invite-rules'
import {
  parsePostMessageResponse,
  parseSessionResponse,
} from '../../../widget/protocol/chat-bodies'
import { parseConversationEntry } from '../../../widget/protocol/conversation-entry'
import {
  parseHistoryResponse,
  parseReadMarker,
  parseStreamTicket,
} from '../../../widget/protocol/history-bodies'
import { isHttpUrl } from '../../../widget/protocol/http-url'
import { parseOfflineForm } from '../../../widget/protocol/offline-form'
import { parsePublicConfig } from '../../../widget/protocol/public-config'
import { parseStreamEvent } from '../../../widget/protocol/stream-event'
import { expectSameVerdicts } from '../support/parser-agreement'

// The widget's hand-written parsers must accept exactly what the shared zod schemas accept.

const url = fc.oneof(
  fc.constantFrom(
    'https://cdn.example/a.png',
    'http://x.example/f',
    'javascript:alert(1)',
    'data:text/html,x',
    '//x.example',
    'HTTPS://UP.EXAMPLE/x',
    'https://',
    'ftp://x',
  ),
  fc.webUrl(),
  fc.string(),
)
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined })
const number = fc.oneof(
  fc.integer({ min: -5, max: 5 }),
  fc.double(),
  fc.constantFrom(1.5, 0, 200, -91, Number.NaN, Number.POSITIVE_INFINITY),
)
const loose = fc.oneof(fc.string(), number, fc.boolean(), fc.constant(null))
/** Mostly a valid value, sometimes anything: both sides of every rule get exercised. */
const mostly = <T>(valid: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: valid, weight: 6 }, { arbitrary: loose, weight: 1 })
const goodUrl = fc.constantFrom('https://cdn.example/a.png', 'http://x.example/f')
const positive = fc.integer({ min: 1, max: 10_000_000 })
/** Entry ids around the schema's bounds (1 to 64 characters). */
const entryId = fc.oneof(
  fc.string({ maxLength: 70 }),
  fc.constantFrom('', '42', '1700000000000-3', 'x'.repeat(64), 'x'.repeat(65)),
)

const content = fc.oneof(
  fc.record(
    { type: fc.constant('text'), text: mostly(fc.string()), id: maybe(mostly(fc.string())) },
    { requiredKeys: ['type', 'text'] },
  ),
  fc.record(
    {
      type: fc.constantFrom(
        'photo',
        'sticker',
        'video',
        'audio',
        'voice',
        'document',
        'location',
        'gif',
      ),
      file: fc.oneof({ arbitrary: goodUrl, weight: 5 }, { arbitrary: url, weight: 1 }),
      file_name: mostly(fc.string()),
      file_size: mostly(positive),
      thumb: maybe(fc.oneof(goodUrl, url)),
      emoji: maybe(mostly(fc.string())),
      duration: maybe(mostly(positive)),
      width: maybe(number),
      title: maybe(mostly(fc.string())),
      latitude: mostly(fc.double({ min: -100, max: 100, noNaN: true })),
      longitude: mostly(fc.double({ min: -200, max: 200, noNaN: true })),
      extra: loose,
    },
    { requiredKeys: ['type', 'file', 'file_name', 'file_size', 'latitude', 'longitude'] },
  ),
  loose,
)

const entry = fc.record(
  {
    id: mostly(fc.string()),
    clientId: maybe(mostly(fc.string())),
    author: fc.constantFrom('visitor', 'agent', 'bot', 'system', 'admin'),
    name: maybe(mostly(fc.string())),
    photo: maybe(fc.oneof(goodUrl, url)),
    content,
    at: mostly(fc.integer()),
    ended: maybe(fc.constantFrom('closed', 'idle', 'over', 1, null)),
    // The bot's buttons or Markdown (checked in full where they are shown: chat/rich/).
    rich: maybe(
      fc.constantFrom(
        { type: 'markdown', text: '**Prices**: [list](https://shop.example/prices)' },
        { type: 'buttons', text: 'Where to?', buttons: [{ id: 'a', text: 'Abroad' }] },
      ),
    ),
  },
  { requiredKeys: ['id', 'author', 'content', 'at'] },
)

describe('widget parsers agree with the shared schemas', () => {
  it('isHttpUrl', () => {
    fc.assert(
      fc.property(url, (value) => {
        expect(isHttpUrl(value)).toBe(sharedIsHttpUrl(value))
      }),
      { numRuns: 500 },
    )
  })

  it('ConversationEntry', () => {
    const accepted = expectSameVerdicts(entry, parseConversationEntry, ConversationEntry, {
      numRuns: 2000,
      compare: 'within',
      // Kept, not only tolerated.
      also: (ours, theirs) =>
        expect((ours as ConversationEntry).rich).toEqual((theirs as ConversationEntry).rich),
    })
    // The generator must reach both sides of the rule for the comparison to mean anything.
    expect(accepted).toBeGreaterThan(20)
  })

  it('stream events', () => {
    const event = fc.oneof(
      entry.map((data) => ['message', data] as const),
      fc.record({ typing: loose, name: maybe(loose) }).map((data) => ['typing', data] as const),
      fc.record({ online: loose }).map((data) => ['status', data] as const),
      fc
        .record({
          clientId: loose,
          state: fc.constantFrom('sent', 'pending', 'delayed', 'failed', 'lost'),
          error: maybe(loose),
        })
        .map((data) => ['delivery', data] as const),
      fc.record({ upTo: mostly(entryId) }).map((data) => ['read', data] as const),
      fc
        .record(
          {
            name: maybe(mostly(fc.string())),
            email: maybe(loose),
            phone: maybe(mostly(fc.string())),
            emailUnsubscribed: maybe(fc.oneof(fc.boolean(), loose)),
          },
          { requiredKeys: [] },
        )
        .map((data) => ['contact', data] as const),
      fc.tuple(fc.constant('contact'), loose),
      fc.tuple(fc.constantFrom('ping', 'message', 'read'), loose),
    )
    fc.assert(
      fc.property(event, ([name, data]) => {
        const text = JSON.stringify(data) ?? 'undefined'
        const ours = parseStreamEvent(name, text)
        const theirs = sharedParseStreamEvent(name, text)
        expect(ours !== undefined).toBe(theirs !== undefined)
        if (ours && theirs) expect(theirs).toMatchObject(ours)
      }),
      { numRuns: 1000 },
    )
  })

  it('PublicConfig (its invite, invitations and offline form parsed by the chunks that use them)', () => {
    let accepted = 0
    const pattern = fc.oneof(
      { arbitrary: fc.constantFrom('/pricing*', '*google.*', 'spring'), weight: 5 },
      { arbitrary: fc.string({ maxLength: 210 }), weight: 1 },
      { arbitrary: loose, weight: 1 },
    )
    /** Mostly `valid`, now and then a bound's own value or the one just past it. */
    const orEdge = <T>(valid: fc.Arbitrary<T>, ...edges: T[]) =>
      fc.oneof({ arbitrary: valid, weight: 6 }, { arbitrary: fc.constantFrom(...edges), weight: 1 })
    /** The record, now and then with a key the schema does not know (its strict objects refuse it). */
    const withStray = <T extends object>(record: fc.Arbitrary<T>, key: string) =>
      fc.oneof(
        { arbitrary: record, weight: 8 },
        { arbitrary: record.map((value) => ({ ...value, [key]: 'x' })), weight: 1 },
      )
    const rule = fc.record(
      {
        text: mostly(fc.string()),
        when: mostly(
          withStray(
            fc.record(
              {
                // Each bound's both sides: 100 pages, a day's seconds, 1,000 page views.
                pages: orEdge(
                  fc.array(pattern, { maxLength: 2 }),
                  Array(100).fill('/a'),
                  Array(101).fill('/a'),
                ),
                secondsOnPage: mostly(orEdge(fc.integer({ min: -1, max: 60 }), 86_400, 86_401)),
                secondsOnSite: mostly(orEdge(fc.double({ min: 0, max: 100 }), 86_400, 86_400.5)),
                minPageViews: mostly(orEdge(fc.integer({ min: 0, max: 5 }), 1000, 1001, 2.5)),
                agentsOnline: mostly(fc.boolean()),
                device: mostly(fc.constantFrom('desktop', 'mobile', 'tablet')),
                referrer: pattern,
                utm: mostly(
                  withStray(
                    fc.record(
                      { source: pattern, medium: pattern, campaign: pattern },
                      { requiredKeys: [] },
                    ),
                    'term',
                  ),
                ),
                newVisitorsOnly: mostly(fc.boolean()),
              },
              { requiredKeys: [] },
            ),
            'extra',
          ),
        ),
        frequency: mostly(
          fc.constantFrom('once-per-visitor', 'once-per-session', 'every-page-view', 'hourly'),
        ),
      },
      { requiredKeys: ['text', 'when', 'frequency'] },
    )
    const field = fc.record({ shown: mostly(fc.boolean()), required: mostly(fc.boolean()) })
    const config = fc.record(
      {
        title: mostly(fc.string()),
        color: mostly(fc.constantFrom('#1f6feb', '#fff', '#12345678', 'red', '#12')),
        position: fc.constantFrom('bottom-right', 'bottom-left', 'top'),
        lang: fc.constantFrom('en', 'ru', 'de', 'tlh', undefined),
        greeting: maybe(mostly(fc.string())),
        offlineText: maybe(fc.string()),
        invite: maybe(
          mostly(
            fc.record({
              text: mostly(fc.string()),
              delaySeconds: mostly(fc.integer({ min: -1, max: 60 })),
              pages: maybe(fc.array(mostly(fc.string({ maxLength: 210 })), { maxLength: 2 })),
            }),
          ),
        ),
        sound: mostly(fc.boolean()),
        statusPollSeconds: mostly(fc.integer({ min: -1, max: 60 })),
        invitations: maybe(mostly(fc.array(mostly(rule), { maxLength: 3 }))),
        businessHours: maybe(
          mostly(
            fc.record({
              outside: mostly(fc.constantFrom('offline-form', 'hide', 'close')),
              openNow: mostly(fc.boolean()),
              timezone: fc.string(),
            }),
          ),
        ),
        offlineForm: maybe(
          mostly(
            fc.record(
              {
                intro: mostly(fc.string()),
                fields: mostly(
                  fc.record(
                    { name: field, email: field, phone: mostly(field), message: field, age: field },
                    { requiredKeys: ['name', 'email', 'message'] },
                  ),
                ),
              },
              { requiredKeys: ['fields'] },
            ),
          ),
        ),
        launcherLabel: maybe(fc.constantFrom('always', 'hover', 'never', 'sometimes')),
        theme: maybe(fc.constantFrom('light', 'dark', 'auto', 'blue')),
        offsets: maybe(
          mostly(fc.record({ x: mostly(number), y: mostly(number), z: fc.integer() })),
        ),
      },
      { requiredKeys: ['title', 'color', 'position', 'sound', 'statusPollSeconds'] },
    )
    /** The loader's parse, then each chunk's parse of the part it reads. */
    const parse = (value: unknown) => {
      const loaded = parsePublicConfig(value)
      if (!loaded) return undefined
      const { invite, invitations, offlineForm } = loaded
      const parsed = {
        ...loaded,
        invite: invite === undefined ? undefined : parseInvite(invite),
        invitations: invitations === undefined ? undefined : parseInvitations(invitations),
        offlineForm: offlineForm === undefined ? undefined : parseOfflineForm(offlineForm),
      }
      for (const key of ['invite', 'invitations', 'offlineForm'] as const) {
        if (loaded[key] !== undefined && parsed[key] === undefined) return undefined
        if (parsed[key] === undefined) delete parsed[key]
      }
      return parsed
    }
    accepted += expectSameVerdicts(config, parse, PublicConfig, { numRuns: 3000 })
    expect(accepted).toBeGreaterThan(5)
    // The rules and the form on their own, where most are valid.
    let rules = 0
    fc.assert(
      fc.property(fc.array(rule, { maxLength: 3 }), (value) => {
        const ours = parseInvitations(value)
        const theirs = z.array(PublicInvitation).safeParse(value)
        if (ours?.length) rules++
        expect(ours !== undefined).toBe(theirs.success)
        if (ours && theirs.success) expect(ours).toEqual(theirs.data)
      }),
      // Most lists hold a rule off by one field: enough runs that dozens are read whole.
      { numRuns: 5000 },
    )
    expect(rules).toBeGreaterThan(20)
    let forms = 0
    const form = fc.record(
      {
        intro: mostly(fc.string()),
        fields: fc.record(
          { name: field, email: field, phone: mostly(field), message: field, age: field },
          { requiredKeys: ['name', 'email', 'message'] },
        ),
      },
      { requiredKeys: ['fields'] },
    )
    forms += expectSameVerdicts(form, parseOfflineForm, PublicOfflineForm, { numRuns: 1000 })
    expect(forms).toBeGreaterThan(20)
  })

  it('SessionResponse and PostMessageResponse', () => {
    const session = fc.record({
      visitorId: loose,
      token: fc.oneof(fc.string(), loose),
      contact: fc.oneof(fc.record({ name: maybe(loose), email: maybe(fc.string()) }), loose),
    })
    fc.assert(
      fc.property(session, (value) => {
        expect(parseSessionResponse(value) !== undefined).toBe(
          SessionResponse.safeParse(value).success,
        )
      }),
    )
    const response = fc.record({
      entries: fc.oneof(fc.array(entry, { maxLength: 3 }), loose),
      delivery: fc.constantFrom('sent', 'pending', 'failed', 'ok'),
    })
    fc.assert(
      fc.property(response, (value) => {
        expect(parsePostMessageResponse(value) !== undefined).toBe(
          PostMessageResponse.safeParse(value).success,
        )
      }),
      { numRuns: 500 },
    )
  })

  it('HistoryResponse and ReadMarker', () => {
    let accepted = 0
    const history = fc.record({
      entries: fc.oneof(fc.array(entry, { maxLength: 4 }), loose),
      extra: maybe(loose),
    })
    accepted += expectSameVerdicts(history, parseHistoryResponse, HistoryResponse, {
      numRuns: 1000,
      compare: 'within',
    })
    expect(accepted).toBeGreaterThan(20)
    expectSameVerdicts(
      fc.oneof(fc.record({ upTo: mostly(entryId) }), loose),
      parseReadMarker,
      ReadMarker,
      { numRuns: 1000 },
    )
  })

  it('the stream ticket (POST /api/events/ticket: the widget reads `ticket`)', () => {
    // The server's answer is {ticket, expiresIn} (server/session/sessions.ts); the widget
    // needs the ticket only, so it checks exactly what this schema checks.
    const Ticket = z.object({ ticket: z.string().min(1) })
    const ticket = fc.record({
      ticket: mostly(fc.string({ maxLength: 8 })),
      expiresIn: maybe(loose),
    })
    expectSameVerdicts(fc.oneof(ticket, loose), parseStreamTicket, Ticket, { numRuns: 500 })
  })
})
