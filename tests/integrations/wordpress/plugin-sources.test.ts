import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '../../../shared/widget-api'
import { planWordPress } from '../support/wordpress-plan'
import { PLUGIN_DIR } from '../support/wordpress-site'

// What can be checked in the plugin's sources without running PHP.

const source = (file: string) => readFileSync(join(PLUGIN_DIR, file), 'utf8')

describe('the plugin’s sources', () => {
  it('knows exactly the widget’s languages (a locale outside them sends no data-lang)', () => {
    const list = /const LANGUAGES = array\(([^)]*)\)/.exec(
      source('includes/class-porthole-chat-options.php'),
    )?.[1]
    const codes = [...(list ?? '').matchAll(/'([a-z]+)'/g)].map((match) => match[1])
    expect([...codes].sort()).toEqual([...LANGUAGES].sort())
  })

  it('has the header WordPress reads, with the text domain of its strings', () => {
    const main = source('porthole-chat.php')
    expect(main).toMatch(/^ \* Plugin Name: +Porthole Chat$/m)
    expect(main).toMatch(/^ \* Text Domain: +porthole-chat$/m)
    const version = /^ \* Version: +(\S+)$/m.exec(main)?.[1]
    expect(main).toContain(`define( 'PORTHOLE_CHAT_VERSION', '${version}' );`)
    expect(source('readme.txt')).toContain(`Stable tag: ${version}`)
  })

  it('translates every string of its own text domain, and lists each in the .pot file', () => {
    const pot = source('languages/porthole-chat.pot')
    const files = [
      'porthole-chat.php',
      'includes/class-porthole-chat-admin.php',
      'includes/class-porthole-chat-connection.php',
      'includes/class-porthole-chat-options.php',
      'includes/class-porthole-chat-embed.php',
    ]
    const calls = files.flatMap((file) => [
      ...source(file).matchAll(
        /\b(?:__|esc_html__|esc_attr__|_e|esc_html_e)\(\s*('(?:[^'\\]|\\.)*')\s*,\s*'([^']+)'/g,
      ),
    ])
    expect(calls.length).toBeGreaterThan(30)
    for (const [, literal, domain] of calls) {
      expect(domain).toBe('porthole-chat')
      const text = (literal ?? '').slice(1, -1).replace(/\\'/g, "'")
      expect(pot).toContain(`msgid ${JSON.stringify(text)}`)
    }
  })

  it('removes each of its options on uninstall', () => {
    const uninstall = source('uninstall.php')
    const options = source('includes/class-porthole-chat-options.php')
    const names = [...options.matchAll(/^\tconst \w+ += '(porthole_chat_\w+)';$/gm)].map(
      (m) => m[1],
    )
    expect(names.length).toBe(4)
    for (const name of names) {
      expect(uninstall).toContain(`delete_option( '${name}' )`)
      expect(uninstall).toContain(`delete_blog_option( $porthole_chat_site_id, '${name}' )`)
    }
  })
})

describe('planWordPress', () => {
  const all = () => true
  it('runs with the packages and Chromium', () => {
    expect(planWordPress({}, all, () => true)).toEqual({ run: true })
  })
  it('says what to install, and fails only with REQUIRE_WORDPRESS=1', () => {
    const none = planWordPress(
      {},
      (path) => path !== '/usr/sbin/mariadbd',
      () => false,
    )
    expect(none).toMatchObject({ run: false, fail: false })
    expect(none.run ? '' : none.message).toMatch(/mariadb-server.*php-mysql.*apt-get install/)
    expect(planWordPress({ REQUIRE_WORDPRESS: '1' }, () => false)).toMatchObject({
      run: false,
      fail: true,
    })
  })
})
