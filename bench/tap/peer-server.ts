// Rocket.Chat Livechat's built bundle (npm @rocket.chat/livechat) served from a local folder
// the way a Rocket.Chat server serves it: the embed script and the widget's page at
// /livechat, its files under /livechat/, each compressed with brotli as Porthole's are.
// There is no Rocket.Chat server behind it: its REST and DDP calls are answered 503 and
// fail, as expected; only the bundle's cost is measured.
import { existsSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { brotli } from '../../server/assets/variants'

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.png': 'image/png',
  '.css': 'text/css; charset=utf-8',
}

export type PeerServer = { origin: string; requestsFailed(): number; close(): Promise<void> }

/** Serves `folder` (node_modules/@rocket.chat/livechat/build) on loopback. */
export async function startPeerServer(folder: string): Promise<PeerServer> {
  const cache = new Map<string, Buffer>()
  let failed = 0
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://peer').pathname
    const file =
      path === '/livechat' || path === '/livechat/'
        ? 'index.html'
        : path.startsWith('/livechat/')
          ? normalize(path.slice('/livechat/'.length)).replace(/^(\.\.[/\\])+/, '')
          : undefined
    if (path.endsWith('/api/v1/livechat/config')) {
      // What a Rocket.Chat server with Livechat enabled and an agent online answers, reduced
      // to the fields the widget reads: without it, the widget shows nothing at all.
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
      res.end(JSON.stringify(PEER_CONFIG))
      return
    }
    const full = file && join(folder, file)
    if (!full || !existsSync(full) || file.endsWith('.map')) {
      failed += 1
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"no server"}')
      return
    }
    let body = cache.get(full)
    if (!body) {
      body = Buffer.from(brotli(readFileSync(full)))
      cache.set(full, body)
    }
    res.writeHead(200, {
      'content-type': TYPES[extname(full)] ?? 'application/octet-stream',
      'content-encoding': 'br',
      'content-length': body.length,
      'access-control-allow-origin': '*',
      'cache-control': 'public, max-age=31536000',
    })
    res.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    requestsFailed: () => failed,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A Livechat config answer: enabled, online, no registration form, a greeting title. */
const PEER_CONFIG = {
  success: true,
  config: {
    enabled: true,
    online: true,
    settings: {
      registrationForm: false,
      nameFieldRegistrationForm: false,
      emailFieldRegistrationForm: false,
      displayOfflineForm: true,
      fileUpload: false,
      showConnecting: false,
      allowSwitchingDepartments: false,
    },
    theme: { title: 'Chat with us', color: '#1f6feb', offlineTitle: 'Leave a message' },
    messages: {},
    departments: [],
    resources: { sound: '' },
    triggers: [],
  },
}

/** Livechat's own embed snippet (its widget-demo.html), for the page at `origin`. */
export function peerSnippet(origin: string): string {
  return `<script>(function(w, d, s, u) {
  w.RocketChat = function(c) { w.RocketChat._.push(c) }; w.RocketChat._ = []; w.RocketChat.url = u;
  var h = d.getElementsByTagName(s)[0], j = d.createElement(s);
  j.async = true; j.src = '${origin}/livechat/rocketchat-livechat.min.js';
  h.parentNode.insertBefore(j, h);
})(window, document, 'script', '${origin}/livechat');</script>`
}
