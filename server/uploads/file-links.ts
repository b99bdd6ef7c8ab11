import type { FileMediaMessage } from '../../shared/protocol/chat-channel'
import { cutText } from '../../shared/text'
import type { UploadedFile } from '../../shared/widget-api'
import { describeBytes } from './receive-to-file'
import type { StoredFile } from './stored-file'

/** `{PUBLIC_URL}/files/<id>/<name>`: where the file is served. */
export function fileUrl(publicUrl: string, file: StoredFile): string {
  return `${publicUrl}/files/${file.id}/${encodeURIComponent(file.name)}`
}

/** `{PUBLIC_URL}/files/<id>/thumb`: an image's 320 px wide thumbnail. */
export function thumbUrl(publicUrl: string, file: StoredFile): string | undefined {
  return file.thumbType ? `${publicUrl}/files/${file.id}/thumb` : undefined
}

/** The answer of POST /api/uploads. */
export function uploadedFile(publicUrl: string, file: StoredFile): UploadedFile {
  const thumb = thumbUrl(publicUrl, file)
  return {
    id: file.id,
    url: fileUrl(publicUrl, file),
    name: file.name,
    size: file.size,
    type: file.mime,
    ...(file.width ? { width: file.width } : {}),
    ...(file.height ? { height: file.height } : {}),
    ...(thumb ? { thumb } : {}),
  }
}

/** Spec 2.4: an image as a `photo` (with thumb, width, height), anything else as a `document`. */
export function mediaMessageOf(
  publicUrl: string,
  file: StoredFile,
  caption: string | undefined,
): FileMediaMessage {
  const common = {
    file: fileUrl(publicUrl, file),
    file_name: file.name,
    file_size: file.size,
    ...(caption ? { text: caption } : {}),
  }
  const thumb = thumbUrl(publicUrl, file)
  if (!thumb) return { type: 'document', ...common }
  return {
    type: 'photo',
    ...common,
    thumb,
    ...(file.width ? { width: file.width } : {}),
    ...(file.height ? { height: file.height } : {}),
  }
}

/** What goes instead when the service refuses media: "📎 price-list.pdf (1.2 MB): https://…", then the caption. */
export function fallbackTextOf(
  publicUrl: string,
  file: StoredFile,
  caption: string | undefined,
): string {
  const line = `📎 ${file.name} (${describeBytes(file.size)}): ${fileUrl(publicUrl, file)}`
  return cutText(caption ? `${line}\n${caption}` : line)
}
