import { describe, expect, it } from 'vitest'
import { resumeTarget } from '../../../server/email/resume-target'

const SITE = 'https://shop.example'
const BASE = { allowedOrigins: [SITE, 'https://blog.example'], publicUrl: 'https://chat.example' }

describe('the resume link redirect target', () => {
  it('opens the last page the visitor was on, its own fragment replaced by the token', () => {
    expect(resumeTarget({ ...BASE, page: `${SITE}/cart?step=2#summary` }, 'r1.tok')).toBe(
      `${SITE}/cart?step=2#porthole-resume=r1.tok`,
    )
  })

  it('leaves out the attributes the widget added to the page it reported (ph.<name>)', () => {
    expect(
      resumeTarget({ ...BASE, page: `${SITE}/cart?step=2&ph.plan=gold&ph.account=42` }, 't'),
    ).toBe(`${SITE}/cart?step=2#porthole-resume=t`)
    expect(resumeTarget({ ...BASE, page: `${SITE}/cart?ph.plan=gold` }, 't')).toBe(
      `${SITE}/cart#porthole-resume=t`,
    )
  })

  it("prefers the site owner's continueUrl on an allowed origin", () => {
    expect(
      resumeTarget(
        { ...BASE, page: `${SITE}/cart`, continueUrl: 'https://blog.example/help' },
        'r1.tok',
      ),
    ).toBe('https://blog.example/help#porthole-resume=r1.tok')
  })

  it('never redirects to another origin (no open redirect): the first allowed origin instead', () => {
    for (const page of [
      'https://evil.example/phish',
      'https://shop.example.evil.example/',
      'http://shop.example/cart', // another scheme is another origin
      'https://user:pass@shop.example/',
      'javascript:alert(1)',
      '//evil.example/',
      'not a url',
    ]) {
      expect(resumeTarget({ ...BASE, page }, 't'), page).toBe(`${SITE}/#porthole-resume=t`)
      expect(resumeTarget({ ...BASE, continueUrl: page }, 't'), page).toBe(
        `${SITE}/#porthole-resume=t`,
      )
    }
  })

  it('with ALLOWED_ORIGINS=*, follows only the site owner’s continueUrl, never a page the browser reported', () => {
    const wildcard = { allowedOrigins: ['*'], publicUrl: 'https://chat.example/' }
    expect(resumeTarget({ ...wildcard, page: 'https://evil.example/' }, 't')).toBe(
      'https://chat.example/#porthole-resume=t',
    )
    expect(resumeTarget({ ...wildcard, continueUrl: 'https://shop.example/help' }, 't')).toBe(
      'https://shop.example/help#porthole-resume=t',
    )
  })

  it('falls back to the first allowed origin, or to PUBLIC_URL’s when none is listed', () => {
    expect(resumeTarget(BASE, 't')).toBe(`${SITE}/#porthole-resume=t`)
    expect(resumeTarget({ allowedOrigins: [], publicUrl: 'http://localhost:3000' }, 't')).toBe(
      'http://localhost:3000/#porthole-resume=t',
    )
  })
})
