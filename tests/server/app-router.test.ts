import { RegExpRouter } from 'hono/router/reg-exp-router'
import { describe, expect, it } from 'vitest'
import { createTestApp } from './support/test-app'

// Hono's SmartRouter uses the fast RegExpRouter only when every route of the app fits
// it; one route it cannot compile (e.g. a static `/x/:id/thumb` beside `/x/:id/:name`)
// makes every request of the app go through the slower TrieRouter.

describe("the app's routes", () => {
  it("all compile in Hono's RegExpRouter, so requests are routed by it", async () => {
    const test = createTestApp()
    try {
      const router = new RegExpRouter<string>()
      for (const route of test.app.routes) router.add(route.method, route.path, route.path)
      expect(() => router.match('POST', '/hooks/secret/channel')).not.toThrow()
      await test.request('/healthz')
      expect(test.app.router.name).toBe('SmartRouter + RegExpRouter')
    } finally {
      test.stop()
    }
  })
})
