import { type ExportedMessage, exportedMessages } from '../../protocol/visitor-bodies'
import type { PrivacyStrings } from './privacy-strings'

/** A file to download: its name and its content. */
export type DownloadFile = { name: string; type: string; text: string }

const time = (at: ExportedMessage['at'], lang: string): string => {
  const date = at === undefined ? undefined : new Date(at)
  return date && !Number.isNaN(date.getTime())
    ? date.toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' })
    : ''
}

/**
 * The export as the visitor reads it (a plain-text file, in their language) and as it
 * came (the JSON), named by the day: `porthole-conversation-2026-05-14.txt` and `.json`.
 */
export function conversationFiles(
  exported: unknown,
  strings: PrivacyStrings,
  { lang, title, now }: { lang: string; title: string; now: Date },
): DownloadFile[] {
  const who: Record<string, string> = {
    visitor: strings.you,
    agent: strings.agent,
    bot: strings.bot,
  }
  const lines = [`${strings.fileTitle}: ${title}`, time(now.getTime(), lang), '']
  for (const message of exportedMessages(exported)) {
    lines.push(`[${time(message.at, lang)}] ${who[message.from] ?? message.from}:`)
    if (message.text) lines.push(message.text)
    for (const file of message.files)
      lines.push(file.url ? `${file.name} <${file.url}>` : file.name)
    lines.push('')
  }
  const name = `porthole-conversation-${now.toISOString().slice(0, 10)}`
  return [
    { name: `${name}.txt`, type: 'text/plain;charset=utf-8', text: lines.join('\n') },
    {
      name: `${name}.json`,
      type: 'application/json',
      text: `${JSON.stringify(exported, null, 2)}\n`,
    },
  ]
}

/** Saves each file through the browser's download (a link with `download`, clicked). */
export function download(files: DownloadFile[]): void {
  for (const file of files) {
    const url = URL.createObjectURL(new Blob([file.text], { type: file.type }))
    const link = document.createElement('a')
    link.href = url
    link.download = file.name
    link.click()
    // The download has its own copy once it started; the next task frees the blob.
    setTimeout(() => URL.revokeObjectURL(url))
  }
}
