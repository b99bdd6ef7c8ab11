import type { EntryContent, UploadedFile } from '../../../shared/widget-api'

/**
 * How an uploaded file shows in the conversation until the backend's own entry arrives:
 * as the backend forwards it, an image as a `photo` (with its thumbnail), anything else
 * as a `document`.
 */
export function mediaOf(file: UploadedFile): EntryContent {
  const { url, name, size, thumb, width, height } = file
  const content: EntryContent = {
    type: file.type.startsWith('image/') ? 'photo' : 'document',
    file: url,
    file_name: name,
    file_size: size,
  }
  if (thumb) content.thumb = thumb
  if (width && height) Object.assign(content, { width, height })
  return content
}
