/** What a file card's icon shows, from the file's name. */
export const FILE_KINDS = [
  'pdf',
  'doc',
  'sheet',
  'zip',
  'image',
  'audio',
  'video',
  'other',
] as const
export type FileKind = (typeof FILE_KINDS)[number]

// A name's extension, one group per kind (in FILE_KINDS' order); no group: `other`.
const EXTENSION =
  /\.(?:(pdf)|(docx?|odt|rtf|txt|md)|(xlsx?|ods|csv)|(zip|rar|7z|gz|tar)|(png|jpe?g|gif|webp|heic|svg)|(mp3|m4a|ogg|wav)|(mp4|mov|webm))$/i

/** The kind of a file named `name`, by its extension in any case. */
export function fileKind(name = ''): FileKind {
  const match = EXTENSION.exec(name) ?? []
  return FILE_KINDS[match.findIndex((group, index) => index > 0 && group) - 1] ?? 'other'
}

// A page with a folded corner, and each kind's mark on it (24×24, stroked), in FILE_KINDS' order.
const PAGE = 'M6 2h8l5 5v13a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zM14 2v5h5'
const MARKS = [
  'M8 18c2-1 4-5 3.5-7-.5 2 1 5 4.5 6-2.5-.5-6 0-8 1',
  'M8 12h8M8 15h8M8 18h5',
  'M8 11h8v7H8zM8 14.5h8M12 11v7',
  'M11 3h2M11 6h2M11 9h2M10 12h4v4h-4z',
  'M7 18l3-4 2 2.5 1.5-1.5L17 18z',
  'M10 17.5V12l5-1v5.5M10 17.5a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0',
  'M10 11.5v6l5-3z',
]

/**
 * A file's type as an icon (pdf, doc, sheet, zip, image, audio, video or other): a chunk
 * of its own, fetched with the first file card (MediaContent.tsx keeps its place meanwhile).
 */
export function FileIcon({ name }: { name?: string | undefined }) {
  const kind = fileKind(name)
  return (
    <svg class="ph-file-icon" data-kind={kind} viewBox="0 0 24 24" aria-hidden="true">
      <path d={PAGE + (MARKS[FILE_KINDS.indexOf(kind)] ?? '')} />
    </svg>
  )
}
