import type { FileHandle } from 'node:fs/promises'

// The names in a zip's central directory (at its end), to tell a .docx from a .xlsx
// from a plain zip. Attachments are small (UPLOAD_MAX_MB), so zip64 is not needed:
// an archive that needs it reads as undefined (not an office document).

const EOCD_SIGNATURE = 0x06054b50
const CENTRAL_SIGNATURE = 0x02014b50
const EOCD_SIZE = 22
const MAX_COMMENT = 0xffff
const MAX_DIRECTORY_BYTES = 4 * 1024 * 1024
const MAX_NAMES = 5000

/**
 * The entry names of the zip in `file` (of `size` bytes), in directory order; undefined
 * when there is no readable central directory.
 */
export async function readZipEntryNames(
  file: FileHandle,
  size: number,
): Promise<string[] | undefined> {
  const tailLength = Math.min(size, EOCD_SIZE + MAX_COMMENT)
  const tail = Buffer.alloc(tailLength)
  await file.read(tail, 0, tailLength, size - tailLength)
  let eocd = -1
  for (let at = tailLength - EOCD_SIZE; at >= 0; at -= 1) {
    if (tail.readUInt32LE(at) === EOCD_SIGNATURE) {
      eocd = at
      break
    }
  }
  if (eocd < 0) return undefined
  const count = tail.readUInt16LE(eocd + 10)
  const directorySize = tail.readUInt32LE(eocd + 12)
  const directoryOffset = tail.readUInt32LE(eocd + 16)
  if (directorySize > MAX_DIRECTORY_BYTES || directoryOffset + directorySize > size)
    return undefined
  const directory = Buffer.alloc(directorySize)
  await file.read(directory, 0, directorySize, directoryOffset)
  const names: string[] = []
  let at = 0
  for (let n = 0; n < Math.min(count, MAX_NAMES); n += 1) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_SIGNATURE) break
    const nameLength = directory.readUInt16LE(at + 28)
    const extraLength = directory.readUInt16LE(at + 30)
    const commentLength = directory.readUInt16LE(at + 32)
    names.push(directory.toString('utf8', at + 46, at + 46 + nameLength))
    at += 46 + nameLength + extraLength + commentLength
  }
  return names
}
