import { describe, expect, it } from 'vitest'
import { isZipHead, SNIFF_BYTES, sniffType } from '../../../server/uploads/sniff-type'
import { TextCheck } from '../../../server/uploads/text-check'
import {
  makeDocx,
  makeExecutable,
  makeImage,
  makeOdt,
  makePdf,
  makeXlsx,
  makeZip,
} from '../support/upload-samples'

function textOf(bytes: Uint8Array): boolean {
  const check = new TextCheck()
  check.push(bytes)
  return check.end()
}

function zipNames(bytes: Buffer): string[] {
  // The central directory of the samples' zips, read the way the samples write it.
  const names: string[] = []
  const end = bytes.length - 22
  let at = bytes.readUInt32LE(end + 16)
  for (let n = 0; n < bytes.readUInt16LE(end + 10); n += 1) {
    const length = bytes.readUInt16LE(at + 28)
    names.push(bytes.toString('utf8', at + 46, at + 46 + length))
    at += 46 + length
  }
  return names
}

function sniff(bytes: Buffer) {
  const head = bytes.subarray(0, SNIFF_BYTES)
  return sniffType({
    head,
    text: textOf(bytes),
    zipEntries: isZipHead(head) ? zipNames(bytes) : undefined,
  })
}

describe('sniffType', () => {
  it.each(['png', 'jpeg', 'gif', 'webp'] as const)('knows a %s made by sharp', async (format) => {
    expect(sniff(await makeImage(format))).toBe(format)
  })

  it('knows PDF, docx, xlsx, odt and a plain zip', () => {
    expect(sniff(makePdf())).toBe('pdf')
    expect(sniff(makeDocx())).toBe('docx')
    expect(sniff(makeXlsx())).toBe('xlsx')
    expect(sniff(makeOdt())).toBe('odt')
    expect(sniff(makeZip([['readme.txt', 'hi']]))).toBe('zip')
  })

  it('does not take a zip with [Content_Types].xml but no word/ or xl/ part for an office file', () => {
    expect(
      sniff(
        makeZip([
          ['[Content_Types].xml', '<Types/>'],
          ['ppt/slide1.xml', ''],
        ]),
      ),
    ).toBe('zip')
  })

  it('does not take a zip whose first entry is another mimetype for an odt', () => {
    const ods = makeZip([['mimetype', 'application/vnd.oasis.opendocument.spreadsheet']])
    expect(sniff(ods)).toBe('zip')
  })

  it('names programs: Windows PE, ELF, Mach-O, scripts', () => {
    expect(sniff(makeExecutable())).toBe('executable')
    expect(sniff(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]))).toBe('executable')
    expect(sniff(Buffer.from([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1]))).toBe('executable')
    expect(sniff(Buffer.from('#!/bin/sh\nrm -rf ~\n'))).toBe('executable')
  })

  it('takes UTF-8 without binary control bytes for text, and nothing else', () => {
    expect(sniff(Buffer.from('name;qty\r\nlamp;2\tok\n'))).toBe('text')
    expect(sniff(Buffer.from('Grüße, こんにちは\n'))).toBe('text')
    expect(sniff(Buffer.from([0x41, 0x00, 0x42]))).toBe('unknown')
    expect(sniff(Buffer.from([0x41, 0xff, 0xfe, 0x42]))).toBe('unknown')
  })
})

describe('TextCheck', () => {
  it('accepts a character split across chunks and refuses one cut off at the end', () => {
    const bytes = Buffer.from('€ 12')
    const split = new TextCheck()
    split.push(bytes.subarray(0, 1))
    split.push(bytes.subarray(1))
    expect(split.end()).toBe(true)
    const cut = new TextCheck()
    cut.push(bytes.subarray(0, 2))
    expect(cut.end()).toBe(false)
  })
})
