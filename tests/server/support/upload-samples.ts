import { crc32 } from 'node:zlib'
import sharp from 'sharp'

// Real files of every accepted type, made in the test: sharp draws the images, the
// documents are the smallest byte layouts their readers accept.

/** A w×h image of `format`, a diagonal gradient so encoders have something to keep. */
export async function makeImage(
  format: 'png' | 'jpeg' | 'gif' | 'webp',
  width = 64,
  height = 48,
): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3
      pixels[at] = (x * 255) / width
      pixels[at + 1] = (y * 255) / height
      pixels[at + 2] = 128
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer()
}

/** A one-page PDF (header, catalog, pages, page, trailer). */
export function makePdf(): Buffer {
  return Buffer.from(
    [
      '%PDF-1.4',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
      'trailer << /Root 1 0 R >>',
      '%%EOF',
      '',
    ].join('\n'),
  )
}

/** A zip of stored (uncompressed) entries, in order. */
export function makeZip(entries: [name: string, content: string | Buffer][]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const [name, raw] of entries) {
    const content = typeof raw === 'string' ? Buffer.from(raw) : raw
    const nameBytes = Buffer.from(name)
    const crc = crc32(content)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(0, 8) // stored
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(content.length, 18)
    local.writeUInt32LE(content.length, 22)
    local.writeUInt16LE(nameBytes.length, 26)
    locals.push(local, nameBytes, content)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(content.length, 20)
    central.writeUInt32LE(content.length, 24)
    central.writeUInt16LE(nameBytes.length, 28)
    central.writeUInt32LE(offset, 42)
    centrals.push(central, nameBytes)
    offset += 30 + nameBytes.length + content.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

const CONTENT_TYPES =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'

export function makeDocx(): Buffer {
  return makeZip([
    ['[Content_Types].xml', CONTENT_TYPES],
    ['_rels/.rels', '<Relationships/>'],
    ['word/document.xml', '<w:document/>'],
  ])
}

export function makeXlsx(): Buffer {
  return makeZip([
    ['[Content_Types].xml', CONTENT_TYPES],
    ['_rels/.rels', '<Relationships/>'],
    ['xl/workbook.xml', '<workbook/>'],
  ])
}

export function makeOdt(): Buffer {
  return makeZip([
    ['mimetype', 'application/vnd.oasis.opendocument.text'],
    ['content.xml', '<office:document-content/>'],
    ['META-INF/manifest.xml', '<manifest:manifest/>'],
  ])
}

/** A Windows executable's first bytes (the DOS header and stub). */
export function makeExecutable(): Buffer {
  const exe = Buffer.alloc(512)
  exe.write('MZ', 0, 'latin1')
  exe.write('This program cannot be run in DOS mode.', 78, 'latin1')
  return exe
}

/** Every accepted type: file name, declared Content-Type, bytes. */
export async function makeSamples(): Promise<[name: string, type: string, bytes: Buffer][]> {
  return [
    ['photo.png', 'image/png', await makeImage('png')],
    ['photo.jpg', 'image/jpeg', await makeImage('jpeg')],
    ['anim.gif', 'image/gif', await makeImage('gif')],
    ['photo.webp', 'image/webp', await makeImage('webp')],
    ['invoice.pdf', 'application/pdf', makePdf()],
    ['notes.txt', 'text/plain', Buffer.from('Hello,\nthe order #42 has not arrived. Привет!\n')],
    ['prices.csv', 'text/csv', Buffer.from('item,price\nlamp,12.50\n')],
    [
      'letter.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      makeDocx(),
    ],
    ['sheet.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', makeXlsx()],
    ['letter.odt', 'application/vnd.oasis.opendocument.text', makeOdt()],
    [
      'bundle.zip',
      'application/zip',
      makeZip([
        ['a.txt', 'a'],
        ['b.txt', 'b'],
      ]),
    ],
  ]
}
