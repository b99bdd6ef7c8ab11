/**
 * GETs JSON from the backend and parses it. The loader's only kind of request, kept
 * apart from the chat's fuller client so the loader stays small.
 */
export async function getJson<T>(
  fetcher: typeof fetch,
  url: string,
  parse: (value: unknown) => T | undefined,
): Promise<T> {
  const response = await fetcher(url, { credentials: 'omit' })
  const value = response.ok ? parse(await response.json()) : undefined
  if (value === undefined) {
    throw new Error(`GET ${url} answered ${response.status}, unreadable`)
  }
  return value
}
