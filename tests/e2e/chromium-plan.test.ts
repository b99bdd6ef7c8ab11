import { describe, expect, it } from 'vitest'
import { planBrowser } from '../../kit/chromium'

const present = (path: string) => (candidate: string) => candidate === path

describe('planBrowser', () => {
  it('runs with /usr/bin/chromium by default, or CHROMIUM_PATH', () => {
    expect(planBrowser({}, present('/usr/bin/chromium'))).toEqual({
      run: true,
      executablePath: '/usr/bin/chromium',
    })
    expect(
      planBrowser({ CHROMIUM_PATH: '/opt/chromium/chrome' }, present('/opt/chromium/chrome')),
    ).toEqual({
      run: true,
      executablePath: '/opt/chromium/chrome',
    })
  })

  it('skips without Chromium, saying how to get it', () => {
    expect(planBrowser({}, () => false)).toEqual({
      run: false,
      fail: false,
      message:
        'no Chromium at /usr/bin/chromium: install chromium (apt-get install -y chromium) or set CHROMIUM_PATH',
    })
  })

  it('fails instead of skipping when REQUIRE_BROWSER=1', () => {
    expect(
      planBrowser({ REQUIRE_BROWSER: '1', CHROMIUM_PATH: '/nope' }, () => false),
    ).toMatchObject({
      run: false,
      fail: true,
      message: expect.stringContaining('no Chromium at /nope'),
    })
  })
})
