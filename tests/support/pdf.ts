import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

// pdfjs reads the shapes of the 14 built-in fonts from its own package instead of guessing (and warning).
const standardFontDataUrl = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts/')

export interface ReadPdf {
  info: { Title?: string; Author?: string; Creator?: string }
  pageTexts: string[]
}

/** Opens the PDF the way a reader would and keeps the metadata and the text of each page. */
export async function readPdf(bytes: Buffer): Promise<ReadPdf> {
  const doc = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl }).promise
  try {
    const { info } = await doc.getMetadata()
    const pageTexts: string[] = []
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent()
      pageTexts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
    }
    return { info: info as ReadPdf['info'], pageTexts }
  } finally {
    await doc.destroy()
  }
}
