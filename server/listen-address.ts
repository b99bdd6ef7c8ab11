/**
 * Where the backend listens, in words an operator reads right: a server bound to every
 * address (0.0.0.0 or ::) says so, then the URL that reaches it from this machine.
 *
 * @example listeningOn('0.0.0.0', 3000) // 'every address (0.0.0.0), port 3000: http://127.0.0.1:3000 from this machine'
 */
export function listeningOn(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '::')
    return `every address (${host}), port ${port}: http://127.0.0.1:${port} from this machine`
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`
}
