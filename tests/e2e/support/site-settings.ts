import { expect } from 'vitest'

/**
 * Replaces the saved settings with `changes` merged in, through the studio's API as a
 * site owner would (the backend started with `ADMIN_TOKEN`); the older `invite` is dropped.
 */
export async function saveSettings(
  siteUrl: string,
  adminToken: string,
  changes: Record<string, unknown>,
): Promise<void> {
  const url = `${new URL(siteUrl).origin}/admin/api/settings`
  const headers = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' }
  const current = (await (await fetch(url, { headers })).json()) as {
    settings: Record<string, unknown>
  }
  const { invite: _old, ...settings } = current.settings
  const response = await fetch(url, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ ...settings, ...changes }),
  })
  expect(response.status, await response.clone().text()).toBe(200)
}
