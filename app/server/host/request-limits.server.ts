import type { NextFunction, Request, Response } from 'express'

/** Largest request bodies we read: a back-office form with an image (itself at most 5 MB), and any other form. */
export const BODY_LIMITS = { upload: 6 * 1024 * 1024, form: 100 * 1024 } as const

export const lengthRequiredMessage = 'Send the form with its length: this site does not read bodies of unknown size.'

export function tooLargeMessage(limit: number) {
  return limit === BODY_LIMITS.upload
    ? 'This upload is too large: send at most 6 MB at a time, with images of 5 MB or less.'
    : 'This form is too large to send: keep it under 100 KB.'
}

/** Methods that carry no body and change nothing. */
export const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses a request body over its limit with 413 before the app reads a byte of it, so nobody can
 * make the server buffer a body of any size. The limit is checked against the declared length,
 * which Node holds the body to; a body of unknown length (chunked, which no browser form sends) is
 * refused with 411. Node discards the unread body of a refused request on its own.
 *
 * Only a signed-in admin sends images, so the upload limit needs a back-office multipart form (the
 * sign-in form is not one) and a live session; everyone else has the form limit.
 */
export function limitRequestBodies(hasLiveSession: (cookieHeader: string | null) => Promise<boolean>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (READ_ONLY_METHODS.has(req.method)) return next()
    const declared = req.get('content-length')
    if (declared === undefined && req.get('transfer-encoding')) {
      return res.status(411).type('text/plain').send(lengthRequiredMessage)
    }
    const size = Number(declared)
    if (!(size > BODY_LIMITS.form)) return next()
    if (isUploadForm(req)) {
      if (size > BODY_LIMITS.upload) return refuse(res, BODY_LIMITS.upload)
      if (await hasLiveSession(req.get('cookie') ?? null)) return next()
    }
    refuse(res, BODY_LIMITS.form)
  }
}

function refuse(res: Response, limit: number) {
  res.status(413).type('text/plain').send(tooLargeMessage(limit))
}

function isUploadForm(req: Request): boolean {
  return req.path.startsWith('/admin/') && req.path !== '/admin/login' && Boolean(req.is('multipart/form-data'))
}
