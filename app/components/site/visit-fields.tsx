import { useEffect, useState } from 'react'
import { pageOf, rememberVisit, visitField } from '~/lib/visit'

/**
 * Where a lead came from, sent with its form: how the tab's visit began (remembered by the site
 * layout) and the page the form is on. Without JavaScript both stay empty and the server takes the
 * form's page from the request.
 */
export function VisitFields() {
  const [visit, setVisit] = useState('')
  const [page, setPage] = useState('')
  useEffect(() => {
    // A child's effect runs before the layout's: the form may be on the visit's first page.
    rememberVisit()
    setVisit(visitField())
    setPage(pageOf(new URL(location.href)))
  }, [])
  return (
    <>
      <input type="hidden" name="visit" value={visit} />
      <input type="hidden" name="formPage" value={page} />
    </>
  )
}
