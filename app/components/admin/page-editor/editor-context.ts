import { createContext, useContext } from 'react'

/** A case study a block can show, as the chooser lists it. */
export interface CaseStudyChoice {
  id: string
  title: string
  client: string
}

/** An image of the media library, as the picker lists it. */
export interface LibraryImage {
  url: string
  alt: string | null
}

/** What every field of the page editor may need beside its own value: the records to choose from, where errors are shown. */
export interface PageEditorShared {
  caseStudies: CaseStudyChoice[]
  images: LibraryImage[]
  /** The messages shown now, by field path ('blocks.2.data.title'). */
  errors: Record<string, string>
  /** A field was changed: its message may show from now on. */
  touch: (path: string) => void
}

export const PageEditorContext = createContext<PageEditorShared>({ caseStudies: [], images: [], errors: {}, touch: () => {} })

export const usePageEditor = () => useContext(PageEditorContext)
