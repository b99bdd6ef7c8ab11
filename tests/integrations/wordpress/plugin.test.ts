import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { freePort } from '../../../demo/launch/free-port'
import { agentConsole } from '../../../kit/agent-console'
import { launchBrowser } from '../../../kit/chromium'
import { identityHash } from '../../../server/session/identity'
import { newVisitor, requireBuiltWidget } from '../../support/browser'
import { startTestDemo, type TestDemo } from '../../support/demo'
import { describeWithWordPress } from '../support/wordpress-plan'
import { startWordPress, type WordPressSite } from '../support/wordpress-site'

// The WordPress plugin on a real WordPress (Debian's package, its own MariaDB, php -S)
// against a real Porthole backend and the sandbox, driven in Chromium: the site owner
// activates and configures it on its settings page (real nonces), an anonymous visitor
// sees the widget in the site's language, a logged-in user's messages reach the service
// with their verified identity, and a wrong secret is refused and reported.
// WORDPRESS_SCREENSHOTS=docs/images writes the settings page's screenshots for the docs.

// Quotes and a backslash: WordPress adds slashes to form input, which must come off once only.
const SECRET = `kumquat-identity\\secret-"zeppelin'-3f9c1a7e`
/** A part of the secret that no escaping changes: a page that shows it leaks the secret. */
const SECRET_PART = 'kumquat'
const WRONG_SECRET = 'not-the-identity-secret-0000'

let site: WordPressSite | undefined
let demo: TestDemo | undefined
let browser: Browser | undefined
let adminContext: BrowserContext | undefined

const need = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`${what} did not start: see beforeAll's error`)
  return value
}

/**
 * Logs in on wp-login.php. The login page focuses and selects the login field 200 ms after
 * it loads (wp_attempt_focus); a fill of the password at that moment types into the login
 * field instead ("The password field is empty", seen in CI on a loaded machine). So the
 * fields are filled only once that focus has happened.
 */
async function logIn(context: BrowserContext, login: string, password: string): Promise<Page> {
  const wp = need(site, 'WordPress')
  const page = await context.newPage()
  await page.goto(`${wp.url}/wp-login.php`)
  await page.waitForFunction(() => document.activeElement?.id === 'user_login')
  await page.fill('#user_login', login)
  await page.fill('#user_pass', password)
  const outcome = await Promise.all([
    Promise.race([
      page.waitForURL(/\/wp-admin\//).then(() => 'in'),
      page
        .locator('#login_error')
        .waitFor()
        .then(() => 'refused'),
    ]).catch((error: Error) => `no answer: ${error.message.split('\n')[0]}`),
    page.click('#wp-submit'),
  ]).then(([result]) => result)
  if (outcome === 'in') return page
  const said = await page
    .locator('#login_error')
    .innerText({ timeout: 1000 })
    .catch(() => '(no #login_error)')
  throw new Error(
    `${login} could not log in (${outcome} at ${page.url()}); WordPress said: ${said.trim()}\n${wp.serverLogs()}`,
  )
}

/** Settings → Porthole Chat, as the admin. */
async function settingsPage(): Promise<Page> {
  const page = await need(adminContext, 'the admin').newPage()
  await page.goto(`${need(site, 'WordPress').url}/wp-admin/options-general.php?page=porthole-chat`)
  return page
}

/** Saves the settings form with these values (the form's own nonce). */
async function save(
  page: Page,
  fields: { url?: string; secret?: string; pages?: string[]; embed?: 'recommended' | 'plain' },
): Promise<void> {
  if (fields.url !== undefined) await page.fill('#porthole_chat_backend_url', fields.url)
  if (fields.secret !== undefined) await page.fill('#porthole_chat_identity_secret', fields.secret)
  if (fields.pages !== undefined) {
    for (const box of await page.locator('input[name="porthole_chat_settings[pages][]"]').all())
      await box.setChecked(fields.pages.includes((await box.getAttribute('value')) ?? ''))
  }
  if (fields.embed !== undefined)
    await page.check(`input[name="porthole_chat_settings[embed]"][value="${fields.embed}"]`)
  await Promise.all([page.waitForURL(/settings-updated=true/), page.click('#submit')])
}

/** Presses Test connection and returns the notices it left. */
async function testConnection(page: Page): Promise<{ level: string; text: string }[]> {
  await Promise.all([page.waitForURL(/porthole-chat-tested=1/), page.click('#porthole_chat_test')])
  const notices = page.locator('.porthole-chat-test')
  const found: { level: string; text: string }[] = []
  for (const notice of await notices.all()) {
    const level = /notice-(success|warning|error)/.exec((await notice.getAttribute('class')) ?? '')
    found.push({ level: level?.[1] ?? '?', text: (await notice.innerText()).trim() })
  }
  return found
}

/** The page (or its top `height` pixels) into $WORDPRESS_SCREENSHOTS/name, when set. */
async function screenshot(page: Page, name: string, height?: number): Promise<void> {
  const dir = process.env.WORDPRESS_SCREENSHOTS
  if (!dir) return
  const clip = height ? { clip: { x: 0, y: 0, width: 1280, height } } : { fullPage: true }
  await page.screenshot({ path: join(dir, name), ...clip })
}

const launcher = (page: Page) => page.locator('porthole-widget .ph-launcher')

/** Opens the widget, sends `text` and returns the chat the agents see it in. */
async function sendFromWidget(page: Page, text: string) {
  await launcher(page).click()
  const composer = page.getByRole('textbox', { name: 'Nachricht' })
  await composer.fill(text)
  await composer.press('Enter')
  return agentConsole(need(demo, 'the demo').sandbox.url).chatWith(text)
}

/** The site's key in its users' chat ids (porthole_chat_site_key). */
const siteKey = async () =>
  (await need(site, 'WordPress').php('echo Porthole_Chat_Options::site_key();')).trim()

/** A PHP single-quoted string literal of `text`. */
const phpString = (text: string) => `'${text.replace(/[\\']/g, '\\$&')}'`

describeWithWordPress('the WordPress plugin on a real WordPress', () => {
  beforeAll(async () => {
    requireBuiltWidget()
    const started = performance.now()
    // The site's origin must be allowed by the backend before either starts.
    const port = await freePort('127.0.0.1')
    ;[site, demo, browser] = await Promise.all([
      startWordPress({ locale: 'de_DE', port }),
      startTestDemo({
        env: { IDENTITY_SECRET: SECRET, ALLOWED_ORIGINS: `http://127.0.0.1:${port}` },
      }),
      launchBrowser(),
    ])
    await agentConsole(demo.sandbox.url).setOnline('Anna', true)
    console.info(
      `WordPress set-up ${Math.round(site.setupMs)} ms; everything ${Math.round(performance.now() - started)} ms`,
    )

    // The site owner: logs in, activates the plugin on the Plugins screen, configures it.
    adminContext = await newVisitor(browser)
    const page = await logIn(adminContext, site.admin.login, site.admin.password)
    await page.goto(`${site.url}/wp-admin/plugins.php`)
    await Promise.all([
      page.waitForURL(/activate=true/),
      page.click('tr[data-slug="porthole-chat"] span.activate a'),
    ])
    await page.close()
    // Every test starts from these settings (a test that changes them puts them back).
    const settings = await settingsPage()
    await save(settings, { url: demo.siteUrl, secret: SECRET })
    await settings.close()
  }, 150_000)

  afterAll(async () => {
    await browser?.close()
    await Promise.all([site?.close(), demo?.dispose()])
  })

  it('is configured on Settings → Porthole Chat; Test connection says the server answers and the secret is right', async () => {
    const page = await settingsPage()
    await save(page, { url: need(demo, 'the demo').siteUrl, secret: SECRET })
    // The saved address is the backend's base, without the trailing slash.
    expect(await page.inputValue('#porthole_chat_backend_url')).toBe(
      need(demo, 'the demo').siteUrl.replace(/\/$/, ''),
    )
    // The secret is never printed back, not even into its own field.
    expect(await page.inputValue('#porthole_chat_identity_secret')).toBe('')
    expect(await page.content()).not.toContain(SECRET_PART)
    const notices = await testConnection(page)
    expect(notices.map((n) => n.level)).toEqual(['success', 'success'])
    expect(notices[0]?.text).toMatch(/is reachable/)
    expect(notices[1]?.text).toMatch(/identity secret is right/)
    await screenshot(page, 'wordpress-settings.png')
    await page.close()
  })

  it('refuses an address that is not http(s), says why and keeps the previous one', async () => {
    const page = await settingsPage()
    const before = await page.inputValue('#porthole_chat_backend_url')
    await save(page, { url: 'javascript:alert(1)' })
    await expect
      .poll(() => page.locator('.notice-error, .error').allInnerTexts())
      .toContainEqual(expect.stringContaining('must be an http:// or https:// address'))
    expect(await page.inputValue('#porthole_chat_backend_url')).toBe(before)
    await page.close()
  })

  it('lets only administrators in, and runs Test connection only with its nonce', async () => {
    const wp = need(site, 'WordPress')
    const test = { action: 'porthole_chat_test_connection' }
    const context = await newVisitor(need(browser, 'Chromium'))
    const subscriber = await logIn(context, wp.user.login, wp.user.password)
    const denied = await subscriber.goto(
      `${wp.url}/wp-admin/options-general.php?page=porthole-chat`,
    )
    expect(denied?.status()).toBe(403)
    const post = await subscriber.request.post(`${wp.url}/wp-admin/admin-post.php`, { form: test })
    expect(post.status()).toBe(403)
    await context.close()
    // The administrator without the form's nonce (a forged cross-site request): refused.
    const admin = need(adminContext, 'the admin').request
    const forged = await admin.post(`${wp.url}/wp-admin/admin-post.php`, {
      form: test,
      maxRedirects: 0,
    })
    expect(forged.status()).toBe(403)
    expect(await forged.text()).toMatch(/link you followed has expired/)
  })

  it('shows the widget to an anonymous visitor, in the site’s language, after the page’s load', async () => {
    const context = await newVisitor(need(browser, 'Chromium'))
    const page = await context.newPage()
    const response = await page.goto(`${need(site, 'WordPress').url}/`)
    const html = (await response?.text()) ?? ''
    // The recommended embed: no <script src> in the page itself; the language from get_locale().
    expect(html).toContain('porthole-chat-embed')
    expect(html).not.toMatch(/<script[^>]+widget\.js/)
    expect(html).not.toContain('identify')
    await launcher(page).waitFor({ state: 'visible' })
    expect(await page.locator('script[src$="/widget.js"]').getAttribute('data-lang')).toBe('de-DE')
    await page.locator('porthole-widget .ph-launcher[aria-label*="Wir sind online"]').waitFor()
    await context.close()
  })

  it('signs a logged-in user in: their messages reach the service with their verified id, name and e-mail', async () => {
    const wp = need(site, 'WordPress')
    const context = await newVisitor(need(browser, 'Chromium'))
    const page = await logIn(context, wp.user.login, wp.user.password)
    const session = page.waitForResponse(
      (r) => r.url().endsWith('/api/session') && /"user"/.test(r.request().postData() ?? ''),
    )
    const response = await page.goto(`${wp.url}/`)
    expect(await response?.text()).not.toContain(SECRET_PART)
    expect((await session).status()).toBe(200)
    const chat = await sendFromWidget(page, 'Hello from Jane on WordPress')
    // Site-scoped (issue 39, item 12): another site on this chat server has its own user 1, 2, 3…
    expect(chat.clientId).toBe(`user:wp:${await siteKey()}:${wp.user.id}`)
    expect(chat.customer.name).toBe('Jane Doe')
    expect(chat.customer.email).toBe('jane@example.com')
    await context.close()
  })

  it('a wrong secret: the backend refuses the user, and Test connection says so', async () => {
    const wp = need(site, 'WordPress')
    const page = await settingsPage()
    await save(page, { secret: WRONG_SECRET })
    try {
      const notices = await testConnection(page)
      expect(notices.map((n) => n.level)).toEqual(['success', 'error'])
      expect(notices[1]?.text).toMatch(/refused the identity secret/)
      await screenshot(page, 'wordpress-wrong-secret.png', 200)

      const context = await newVisitor(need(browser, 'Chromium'))
      const user = await logIn(context, wp.user.login, wp.user.password)
      // The widget's identify: POST /api/session with "user" (a guest session may come first).
      const session = user.waitForResponse(
        (r) => r.url().endsWith('/api/session') && /"user"/.test(r.request().postData() ?? ''),
      )
      await user.goto(`${wp.url}/`)
      const refused = await session
      expect(refused.status()).toBe(401)
      expect(await refused.json()).toMatchObject({ error: { code: 'invalid_identity' } })
      await context.close()
    } finally {
      await save(page, { secret: SECRET })
      await page.close()
    }
  })

  it('shows the chat only on the kinds of page chosen', async () => {
    const wp = need(site, 'WordPress')
    const page = await settingsPage()
    const html = async (path: string) => (await fetch(`${wp.url}${path}`)).text()
    await save(page, { pages: ['pages', 'search'] })
    try {
      expect(await html('/')).not.toContain('porthole-chat-embed')
      expect(await html('/?p=1')).not.toContain('porthole-chat-embed') // the sample post
      expect(await html('/?p=999999')).not.toContain('porthole-chat-embed') // 404
      expect(await html('/?page_id=2')).toContain('porthole-chat-embed') // the sample page
      expect(await html('/?s=hello')).toContain('porthole-chat-embed')
    } finally {
      await save(page, { pages: ['front', 'posts', 'pages', 'archives', 'search', 'not_found'] })
      await page.close()
    }
    expect(await html('/?p=999999')).toContain('porthole-chat-embed')
  })

  it('the plain tag: <script src async> with the language, and the widget appears', async () => {
    const wp = need(site, 'WordPress')
    const settings = await settingsPage()
    await save(settings, { embed: 'plain' })
    try {
      const context = await newVisitor(need(browser, 'Chromium'))
      const page = await context.newPage()
      const html = (await (await page.goto(`${wp.url}/`))?.text()) ?? ''
      const base = need(demo, 'the demo').siteUrl.replace(/\/$/, '')
      expect(html).toMatch(
        new RegExp(`<script[^>]* src="${base}/widget\\.js"[^>]* async[^>]* data-lang="de-DE"`),
      )
      expect(html).not.toContain('porthole-chat-embed')
      await launcher(page).waitFor({ state: 'visible' })
      await context.close()
    } finally {
      await save(settings, { embed: 'recommended' })
      await settings.close()
    }
  })

  it('after a logout, the next page makes the widget forget the signed-out user’s chat', async () => {
    const wp = need(site, 'WordPress')
    const context = await newVisitor(need(browser, 'Chromium'))
    const page = await logIn(context, wp.user.login, wp.user.password)
    // The widget holds the user's credential once identify has been answered.
    const identified = page.waitForResponse(
      (r) => r.url().endsWith('/api/session') && /"user"/.test(r.request().postData() ?? ''),
    )
    // …and has reconnected its stream with it (a ticket of the user's token): stored by then.
    const reconnected = identified.then(() =>
      page.waitForResponse((r) => r.url().endsWith('/api/events/ticket') && r.ok()),
    )
    await page.goto(`${wp.url}/`)
    expect((await identified).status()).toBe(200)
    await reconnected
    await launcher(page).waitFor({ state: 'visible' })
    // WordPress asks to confirm a logout without its nonce.
    await page.goto(`${wp.url}/wp-login.php?action=logout`)
    await Promise.all([
      page.waitForURL(/loggedout=true/),
      page.getByRole('link', { name: /log out/i }).click(),
    ])
    const revoked = page.waitForResponse(
      (r) => r.url().endsWith('/api/session') && r.request().method() === 'DELETE',
    )
    await page.goto(`${wp.url}/`)
    expect((await revoked).status()).toBe(204)
    // Once: the cookie that asked for it is gone.
    await expect
      .poll(async () => (await context.cookies()).map((cookie) => cookie.name))
      .not.toContain('porthole_chat_signed_out')
    await context.close()
  })

  it('Test connection says when the chat server does not allow the site’s origin', async () => {
    const wp = need(site, 'WordPress')
    const backend = need(demo, 'the demo').siteUrl.replace(/\/$/, '')
    const lines = JSON.parse(
      await wp.php(
        `echo wp_json_encode(Porthole_Chat_Connection::test(${phpString(backend)}, '', false, 'http://elsewhere.example'));`,
      ),
    )
    expect(lines).toEqual([
      {
        level: 'error',
        message: expect.stringContaining('add http://elsewhere.example to its ALLOWED_ORIGINS'),
      },
    ])
  })

  it('Test connection reads each answer of the chat server right (WordPress’s pre_http_request)', async () => {
    const wp = need(site, 'WordPress')
    // Each case: the answers to GET /api/config and POST /api/identity/check, and the site's URL.
    const run = async (config: string, check: string, siteUrl = 'https://shop.example') =>
      JSON.parse(
        await wp.php(`
          $answers = array('/api/config' => ${config}, '/api/identity/check' => ${check});
          add_filter('pre_http_request', function ($pre, $args, $url) use ($answers) {
            return $answers[wp_parse_url($url, PHP_URL_PATH)];
          }, 10, 3);
          echo wp_json_encode(Porthole_Chat_Connection::test('http://chat.example', 'secret', true, ${phpString(siteUrl)}));`),
      ) as { level: string; message: string }[]
    const answer = (status: number, body: unknown) =>
      `array('response' => array('code' => ${status}, 'message' => ''), 'body' => ${phpString(JSON.stringify(body))}, 'headers' => array(), 'cookies' => array())`
    const ok = answer(200, { title: 'Help' })
    const error = (status: number, code: string) =>
      answer(status, { error: { code, message: code } })

    expect(await run(ok, answer(200, { valid: true }), 'http://shop.example')).toEqual([
      { level: 'success', message: expect.stringContaining('is reachable') },
      { level: 'success', message: expect.stringContaining('identity secret is right') },
    ])
    // An https site with an http chat server: the browser would block it.
    expect((await run(ok, answer(200, { valid: true })))[0]).toEqual({
      level: 'error',
      message: expect.stringContaining('browsers block the chat'),
    })
    const second = async (check: string) => (await run(ok, check, 'http://shop.example'))[1]
    expect(await second(error(401, 'invalid_identity'))).toMatchObject({
      level: 'error',
      message: expect.stringContaining('refused the identity secret'),
    })
    expect(await second(error(400, 'identity_not_configured'))).toMatchObject({
      level: 'error',
      message: expect.stringContaining('has no IDENTITY_SECRET'),
    })
    expect(await second(error(429, 'rate_limited'))).toMatchObject({
      level: 'warning',
      message: expect.stringContaining('Too many checks'),
    })
    expect(await second(error(404, 'not_found'))).toMatchObject({
      level: 'warning',
      message: expect.stringContaining('older than this plugin'),
    })
    expect(await second(answer(502, 'bad gateway'))).toMatchObject({
      level: 'error',
      message: expect.stringContaining('HTTP 502'),
    })
    expect(await second("new WP_Error('http_request_failed', 'timed out')")).toMatchObject({
      level: 'error',
      message: expect.stringContaining('timed out'),
    })
    expect(
      await run(
        "new WP_Error('http_request_failed', 'Connection refused')",
        ok,
        'http://shop.example',
      ),
    ).toEqual([
      {
        level: 'error',
        message: expect.stringContaining(
          'cannot be reached from this WordPress server: Connection refused',
        ),
      },
    ])
    expect(await run(answer(200, '<html>'), ok, 'http://shop.example')).toEqual([
      {
        level: 'error',
        message: expect.stringContaining('answered HTTP 200 and no chat settings'),
      },
    ])
  })

  it('cleans the address, maps locales to the widget’s languages and signs ids as the backend checks them', async () => {
    const wp = need(site, 'WordPress')
    const urls = [
      'https://chat.example.com/',
      ' https://chat.example.com/widget.js ',
      'http://127.0.0.1:3000/porthole/',
      '',
      'javascript:alert(1)',
      'ftp://chat.example.com',
      'https://chat.example.com/?x=1',
    ]
    const locales = ['de_DE', 'de_DE_formal', 'pt_BR', 'nb_NO', 'zh_TW', 'ja', 'cy', 'en_US', 'fil']
    const out = JSON.parse(
      await wp.php(`
        $urls = array_map(function ($url) {
          $clean = Porthole_Chat_Options::sanitize_backend_url($url);
          return is_wp_error($clean) ? 'refused' : $clean;
        }, json_decode(${phpString(JSON.stringify(urls))}));
        $langs = array_map(array('Porthole_Chat_Options', 'widget_language'), json_decode(${phpString(JSON.stringify(locales))}));
        $identity = Porthole_Chat_Embed::identity(get_user_by('login', 'jane'), ${phpString(SECRET)});
        echo wp_json_encode(array($urls, $langs, $identity));`),
    )
    expect(out[0]).toEqual([
      'https://chat.example.com',
      'https://chat.example.com',
      'http://127.0.0.1:3000/porthole',
      '',
      'refused',
      'refused',
      'refused',
    ])
    expect(out[1]).toEqual(['de-DE', 'de-DE', 'pt-BR', 'nb-NO', 'zh-TW', 'ja', '', 'en-US', ''])
    const id = `wp:${await siteKey()}:${wp.user.id}`
    expect(out[2]).toEqual({
      id,
      hash: identityHash(SECRET, id),
      name: 'Jane Doe',
      email: 'jane@example.com',
    })
  })

  it('prints a user’s name as data, never as markup (a name that closes the script)', async () => {
    const wp = need(site, 'WordPress')
    const name = `Mallory "</script><img src=x onerror=alert(1)>' &amp;`
    const printed = await wp.php(`
      require_once ABSPATH . 'wp-admin/includes/user.php';
      // The settings for this process only, whatever the site's are.
      add_filter('pre_option_porthole_chat_settings', function () {
        return array('backend_url' => 'https://chat.example', 'embed' => 'recommended', 'pages' => array('archives'), 'identify' => true);
      });
      add_filter('pre_option_porthole_chat_identity_secret', function () { return 'secret'; });
      $id = wp_insert_user(array('user_login' => 'mallory', 'user_pass' => wp_generate_password(), 'user_email' => 'mallory@example.com'));
      // Past WordPress's own filters (which strip tags), as another plugin or an import may store it.
      $GLOBALS['wpdb']->update($GLOBALS['wpdb']->users, array('display_name' => ${phpString(name)}), array('ID' => $id));
      clean_user_cache($id);
      wp_set_current_user($id);
      ob_start();
      Porthole_Chat_Embed::print_embed();
      echo ob_get_clean();
      wp_delete_user($id);`)
    const queue = /<script[^>]*id="porthole-chat-queue"[^>]*>([\s\S]*?)<\/script>/.exec(
      printed,
    )?.[1]
    expect(queue, printed).toBeDefined()
    expect(printed).not.toContain('<img')
    // The script's JSON reads back as the name WordPress stored.
    const json = /Porthole\.q\.push\((.*)\);/.exec(queue ?? '')?.[1] ?? ''
    const [call, identity] = JSON.parse(json) as [string, { name: string; email: string }]
    expect(call).toBe('identify')
    expect(identity.email).toBe('mallory@example.com')
    expect(identity.name).toContain('</script><img src=x onerror=alert(1)>')
  })

  it('scopes user ids to the site, the blog on a network, and keeps the bare id for users of before an update while asked to', async () => {
    const wp = need(site, 'WordPress')
    const key = await siteKey()
    expect(key).toMatch(/^[a-z0-9]{16}$/)
    const ids = JSON.parse(
      await wp.php(`
        echo wp_json_encode(array(
          Porthole_Chat_Options::scoped_user_id(7, 'k1', 0, 0),
          Porthole_Chat_Options::scoped_user_id(7, 'k1', 3, 0),
          Porthole_Chat_Options::scoped_user_id(7, 'k1', 0, 7),
          Porthole_Chat_Options::scoped_user_id(8, 'k1', 0, 7),
        ));`),
    )
    expect(ids).toEqual(['wp:k1:7', 'wp:k1-3:7', '7', 'wp:k1:8'])

    // The update: a site configured (identity on, a secret) by a version that signed bare ids.
    const upgraded = await wp.php(`
      require_once ABSPATH . 'wp-admin/includes/user.php';
      delete_option('porthole_chat_site_key');
      Porthole_Chat_Options::upgrade();
      $jane = get_user_by('login', 'jane');
      $later = wp_insert_user(array('user_login' => 'newcomer', 'user_pass' => wp_generate_password(), 'user_email' => 'newcomer@example.com'));
      $out = array(
        Porthole_Chat_Options::site_key(),
        Porthole_Chat_Embed::identity($jane, 'secret')['id'],
        Porthole_Chat_Embed::identity(get_user_by('id', $later), 'secret')['id'],
      );
      wp_delete_user($later);
      echo wp_json_encode($out);`)
    const [newKey, janeId, laterId] = JSON.parse(upgraded) as string[]
    expect(newKey).toMatch(/^[a-z0-9]{16}$/)
    expect(janeId).toBe(String(wp.user.id))
    expect(laterId).toMatch(new RegExp(`^wp:${newKey}:\\d+$`))
    try {
      // Jane keeps the conversation the chat server holds under her bare id.
      const context = await newVisitor(need(browser, 'Chromium'))
      const page = await logIn(context, wp.user.login, wp.user.password)
      await page.goto(`${wp.url}/`)
      const chat = await sendFromWidget(page, 'Jane, still under her id of before')
      expect(chat.clientId).toBe(`user:${wp.user.id}`)
      await context.close()

      // The settings page offers the choice on an updated site; turned off, Jane is scoped.
      const settings = await settingsPage()
      const box = settings.locator('input[name="porthole_chat_settings[legacy_ids]"]')
      expect(await box.isChecked()).toBe(true)
      await box.uncheck()
      await Promise.all([settings.waitForURL(/settings-updated=true/), settings.click('#submit')])
      await settings.close()
      expect(
        (
          await wp.php(
            "echo Porthole_Chat_Embed::identity(get_user_by('login', 'jane'), 'secret')['id'];",
          )
        ).trim(),
      ).toBe(`wp:${newKey}:${wp.user.id}`)
    } finally {
      await wp.php("delete_option('porthole_chat_legacy_max_user');")
    }
  })

  it('leaves no PHP notice, warning or error of its own in the debug log', () => {
    const own = need(site, 'WordPress')
      .debugLog()
      .split('\n')
      .filter((line) => line.includes('porthole-chat'))
    expect(own).toEqual([])
  })

  // Last: it takes the plugin away.
  it('deleted on the Plugins screen, it removes its options (uninstall.php)', async () => {
    const wp = need(site, 'WordPress')
    const options = () =>
      wp.php(
        "echo wp_json_encode([get_option('porthole_chat_settings', null), get_option('porthole_chat_identity_secret', null), get_option('porthole_chat_site_key', null)]);",
      )
    expect(JSON.parse(await options())).toEqual([
      expect.objectContaining({ embed: 'recommended' }),
      SECRET,
      expect.stringMatching(/^[a-z0-9]{16}$/),
    ])
    const page = await need(adminContext, 'the admin').newPage()
    await page.goto(`${wp.url}/wp-admin/plugins.php`)
    await Promise.all([
      page.waitForURL(/deactivate=true/),
      page.click('tr[data-slug="porthole-chat"] span.deactivate a'),
    ])
    page.on('dialog', (dialog) => void dialog.accept())
    await page.click('tr[data-slug="porthole-chat"] span.delete a')
    await page.locator('tr.plugin-deleted-tr').waitFor()
    expect(JSON.parse(await options())).toEqual([null, null, null])
    await page.close()
  })
})
