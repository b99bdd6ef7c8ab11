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

// The extensions of each kind (the last, `other`, is everything else).
const EXTENSIONS: Record<Exclude<FileKind, 'other'>, RegExp> = {
  pdf: /^pdf$/,
  doc: /^(docx?|odt|rtf|txt|text|log|md|pages)$/,
  sheet: /^(xlsx?|ods|csv|tsv|numbers)$/,
  zip: /^(zip|rar|7z|gz|tgz|tar|bz2|xz)$/,
  image: /^(png|jpe?g|jpe|jfif|gif|webp|heic|avif|svg|bmp|tiff?)$/,
  audio: /^(mp3|m4a|ogg|oga|opus|wav|flac|aac)$/,
  video: /^(mp4|m4v|mov|webm|mkv|avi)$/,
}

/** The kind of a file named `name` (by its extension, in any case). */
export function fileKind(name = ''): FileKind {
  const extension = /\.(\w+)$/.exec(name)?.[1]?.toLowerCase() ?? ''
  return FILE_KINDS.find((kind) => kind !== 'other' && EXTENSIONS[kind].test(extension)) ?? 'other'
}

// A page with a folded corner, and each kind's mark on it (24×24, stroked).
const PAGE = 'M6 2h8l5 5v13a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zM14 2v5h5'
const MARKS: Record<FileKind, string> = {
  pdf: 'M8 18c2-1 4-5 3.5-7-.5 2 1 5 4.5 6-2.5-.5-6 0-8 1',
  doc: 'M8 12h8M8 15h8M8 18h5',
  sheet: 'M8 11h8v7H8zM8 14.5h8M12 11v7',
  zip: 'M11 3h2M11 6h2M11 9h2M10.5 12h3v4h-3z',
  image: 'M7 18l3-4 2 2.5 1.5-1.5L17 18zM10 10.5h.01',
  audio: 'M10 17.5V12l5-1v5.5M10 17.5a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0',
  video: 'M10 11.5v6l5-3z',
  other: '',
}

/** A file's type as an icon (pdf, doc, sheet, zip, image, audio, video or other): its name says the rest. */
export function FileIcon({ name }: { name?: string | undefined }) {
  const kind = fileKind(name)
  return (
    <svg class="ph-file-icon" data-kind={kind} viewBox="0 0 24 24" aria-hidden="true">
      <path d={PAGE + MARKS[kind]} />
    </svg>
  )
}
