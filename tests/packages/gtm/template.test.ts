import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ROOT } from '../support/fixture-apps'
import {
  type Call,
  createPage,
  createRequire,
  PermissionError,
  runScenario,
  runTemplate,
  updateConsent,
} from '../support/gtm-sandbox'
import {
  matchesUrlPattern,
  readPermissions,
  readSections,
  readTests,
} from '../support/gtm-template-file'

// Issue 25: the Tag Manager template (integrations/gtm/template.tpl) run against an
// emulation of the sandbox with its permission checks: its own ___TESTS___ scenarios, and
// a page whose consent and globals the tests control.

const text = readFileSync(join(ROOT, 'integrations/gtm/template.tpl'), 'utf8')
const sections = readSections(text)
const code = sections.SANDBOXED_JS_FOR_WEB_TEMPLATE ?? ''
const granted = readPermissions(sections.WEB_PERMISSIONS ?? '[]')
const tests = readTests(sections.TESTS ?? '')

const Parameter: z.ZodType<{ name: string; type: string; subParams?: unknown[] }> = z.looseObject({
  name: z.string(),
  type: z.string(),
  subParams: z.array(z.lazy(() => Parameter)).optional(),
})
const Info = z.looseObject({
  type: z.literal('TAG'),
  displayName: z.string().min(1),
  containerContexts: z.array(z.literal('WEB')),
})

function parameterNames(list: z.infer<typeof Parameter>[]): string[] {
  return list.flatMap((parameter) => [
    parameter.name,
    ...parameterNames((parameter.subParams ?? []) as z.infer<typeof Parameter>[]),
  ])
}

/** A page with widget.js's queuing stubs once it has "loaded" (what the real one installs). */
function widgetPage() {
  const page = createPage()
  const queue: unknown[][] = []
  const install = () => {
    const stub: Record<string, unknown> = { q: queue }
    for (const method of ['hide', 'setColor', 'setLanguage', 'setAttributes', 'identify'])
      stub[method] = (...args: unknown[]) => queue.push([method, ...args])
    page.window.Porthole = stub
  }
  return { page, queue, install }
}

function fire(page: ReturnType<typeof createPage>, data: Record<string, unknown>): Call[] {
  const calls: Call[] = []
  runTemplate(code, data, createRequire(granted, page, calls), calls)
  return calls
}

describe('the Tag Manager template file', () => {
  it('has the sections of a Community Template Gallery template', () => {
    for (const name of [
      'INFO',
      'TEMPLATE_PARAMETERS',
      'SANDBOXED_JS_FOR_WEB_TEMPLATE',
      'WEB_PERMISSIONS',
      'TESTS',
    ])
      expect(sections[name], name).toBeTruthy()
    Info.parse(JSON.parse(sections.INFO ?? ''))
  })

  it('reads only parameters it defines', () => {
    const names = parameterNames(
      z.array(Parameter).parse(JSON.parse(sections.TEMPLATE_PARAMETERS ?? '')),
    )
    const used = new Set([...code.matchAll(/\bdata\.(\w+)/g)].map((match) => match[1]))
    used.delete('gtmOnSuccess')
    used.delete('gtmOnFailure')
    expect([...used].filter((name) => !names.includes(name ?? ''))).toEqual([])
  })

  it('keeps to sandboxed JavaScript: no new, this, classes, regular expressions or globals', () => {
    const withoutComments = code.replace(/\/\/.*$/gm, '')
    for (const forbidden of [
      /\bnew\s/,
      /\bthis\b/,
      /\bclass\s/,
      /(^|[=(,]\s*)\/[^/*]/m,
      /\bwindow\b/,
      /\bdocument\b/,
    ])
      expect(withoutComments, String(forbidden)).not.toMatch(forbidden)
  })

  it('has ___TESTS___ scenarios to run', () => {
    expect(tests.scenarios.length).toBeGreaterThanOrEqual(6)
    expect(tests.setup).toContain('mockData')
  })
})

describe('the template’s own ___TESTS___', () => {
  it.each(tests.scenarios.map((scenario) => [scenario.name, scenario] as const))(
    '%s',
    (_name, scenario) => {
      runScenario(scenario, tests.setup, code, granted)
    },
  )

  it('a failing assertion fails its scenario (the harness can fail)', () => {
    const wrong = {
      name: 'expects another URL',
      code: "runCode(mockData);\nassertThat(loaded).isEqualTo(['https://elsewhere.example/widget.js porthole-widget']);",
    }
    expect(() => runScenario(wrong, tests.setup, code, granted)).toThrow(/expected/)
  })
})

describe('the template on a page', () => {
  const data = { backendUrl: 'https://chat.example.com', waitForConsent: true }

  it('adds widget.js and, once it has run, passes the options through its page API', () => {
    const { page, queue, install } = widgetPage()
    const calls = fire(page, {
      ...data,
      color: '#0f766e',
      lang: 'de',
      attributes: [{ name: 'plan', value: 'pro' }],
      userId: 'user-42',
      userHash: 'ab'.repeat(32),
      userEmail: 'jane@example.com',
    })
    expect(page.scripts.map((script) => script.url)).toEqual(['https://chat.example.com/widget.js'])
    expect(queue).toEqual([])
    install()
    page.scripts[0]?.onSuccess()
    expect(queue).toEqual([
      ['setColor', '#0f766e'],
      ['setLanguage', 'de'],
      ['setAttributes', { plan: 'pro' }],
      ['identify', { id: 'user-42', hash: 'ab'.repeat(32), email: 'jane@example.com' }],
    ])
    expect(calls.filter((call) => call.api.startsWith('gtm'))).toEqual([
      { api: 'gtmOnSuccess', args: [] },
    ])
  })

  it('with consent mode, waits for functionality_storage and loads once when it is granted', () => {
    const { page } = widgetPage()
    page.consent.set('functionality_storage', false)
    page.consent.set('analytics_storage', true)
    const calls = fire(page, data)
    expect(page.scripts).toEqual([])
    expect(calls.some((call) => call.api === 'gtmOnSuccess')).toBe(true)
    updateConsent(page, 'analytics_storage', true)
    updateConsent(page, 'functionality_storage', false)
    expect(page.scripts).toEqual([])
    updateConsent(page, 'functionality_storage', true)
    updateConsent(page, 'functionality_storage', true)
    expect(page.scripts.map((script) => script.url)).toEqual(['https://chat.example.com/widget.js'])
  })

  it('without consent mode on the container, loads at once', () => {
    const { page } = widgetPage()
    fire(page, data)
    expect(page.scripts).toHaveLength(1)
  })

  it('is refused by its permissions where it oversteps them (plain http, another global)', () => {
    expect(() => fire(createPage(), { ...data, backendUrl: 'http://chat.example.com' })).toThrow(
      PermissionError,
    )
    const calls: Call[] = []
    const require = createRequire(granted, createPage(), calls)
    expect(() => require('callInWindow')('Porthole.shutdown')).toThrow(/no execute access/)
    expect(() => require('isConsentGranted')('ad_storage')).toThrow(/access_consent/)
  })

  it('URL patterns: the host and path as Tag Manager matches them', () => {
    expect(matchesUrlPattern('https://*/widget.js', 'https://chat.example.com/widget.js')).toBe(
      true,
    )
    expect(matchesUrlPattern('https://*/widget.js', 'https://chat.example.com/evil.js')).toBe(false)
    expect(matchesUrlPattern('https://*.example.com/', 'https://chat.example.com/a/b.js')).toBe(
      true,
    )
    expect(matchesUrlPattern('https://*.example.com/', 'https://example.org/a.js')).toBe(false)
    expect(
      matchesUrlPattern('https://chat.example.com/widget.js', 'http://chat.example.com/widget.js'),
    ).toBe(false)
  })
})
