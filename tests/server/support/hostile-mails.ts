import { plainMail } from './inbound-app'

// E-mails built to cost the backend time: long runs of blanks, long headers, many
// parts. Plain modules (no Vitest), so a child process run by runBounded can use them.

/** A reply to `to` whose text is `count` spaces then "x", base64-encoded (as every relay passes it). */
export function spacesMail(to: string, count: number): string {
  const body = Buffer.from(`${' '.repeat(count)}x`, 'utf8').toString('base64')
  return plainMail(to, (body.match(/.{1,76}/g) ?? []).join('\n'), {
    'Content-Transfer-Encoding': 'base64',
  })
}

/** A reply to `to` with a `Cc:` of `count` characters and no address in it. */
export function longCcMail(to: string, count: number): string {
  return plainMail(to, 'Thanks', { Cc: 'a'.repeat(count) })
}

/** A multipart reply to `to` with `text` and the given files (base64 parts). */
export function mailWithFiles(
  to: string,
  text: string,
  files: readonly { name: string; type: string; content: Buffer | string }[],
): string {
  const boundary = 'porthole-test-boundary'
  const parts = [
    `Content-Type: text/plain; charset=utf-8\r\n\r\n${text}`,
    ...files.map((file) => {
      const data = Buffer.from(file.content).toString('base64')
      return [
        `Content-Type: ${file.type}; name="${file.name}"`,
        `Content-Disposition: attachment; filename="${file.name}"`,
        'Content-Transfer-Encoding: base64',
        '',
        (data.match(/.{1,76}/g) ?? []).join('\r\n'),
      ].join('\r\n')
    }),
  ]
  const body = `${parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('')}--${boundary}--\r\n`
  return plainMail(to, body, {
    'Content-Type': `multipart/mixed; boundary="${boundary}"`,
    'Content-Transfer-Encoding': '7bit',
  })
}
