import type { NextFunction, Request, Response } from 'express'

/** Largest request bodies we read: a back-office form with an image (itself at most 5 MB), and any other form. */
export const BODY_LIMITS = { upload: 6 * 1024 * 1024, form: 100 * 1024 } as const

export const lengthRequiredMessage = 'Send the form with its length: this site does not read bodies of unknown size.'

export function tooLargeMessage(limit: number) {
  return limit === BODY_LIMITS.upload
    ? 'This upload is too large: send at most 6 MB at a time, with images of 5 MB or less.'
    : 'This form is too large to send: keep it under 100 KB.'
}

const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses a request body over its limit with 413 before the app reads a byte of it, so nobody can
 * make the server buffer a body of any size. The limit is checked against the declared length,
 * which Node holds the body to; a body of unknown length (chunked, which no browser form sends) is
 * refused with 411. Node discards the unread body of a refused request on its own.
 */
export function limitRequestBodies(req: Request, res: Response, next: NextFunction) {
  if (READ_ONLY_METHODS.has(req.method)) return next()
  const declared = req.get('content-length')
  if (declared === undefined && req.get('transfer-encoding')) {
    return res.status(411).type('text/plain').send(lengthRequiredMessage)
  }
  // Only the back office takes images; a visitor's form is text.
  const limit = req.path.startsWith('/admin/') && req.is('multipart/form-data') ? BODY_LIMITS.upload : BODY_LIMITS.form
  if (Number(declared) > limit) return res.status(413).type('text/plain').send(tooLargeMessage(limit))
  next()
}
