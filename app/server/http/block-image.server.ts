import { data } from 'react-router'
import { ImageRejected, type ImagePlace, chosenFile, saveImage } from '~/server/services/media.server'
import type { LoadContext } from '~/server/services/load-context.server'
import { logger } from '~/server/log.server'

const SITE_IMAGES: ImagePlace = { bucket: 'images', folder: 'pages', maxEdge: 2000 }

/**
 * A picture uploaded from a block's or a collection item's image field: stored at once through the
 * media service, its address answered for the field. Its alt text is asked for beside the picture,
 * where the page uses it.
 */
export async function uploadSiteImage(context: LoadContext, form: FormData) {
  const file = chosenFile(form.get('image'))
  if (!file) return data({ uploadError: 'Choose an image to upload' }, { status: 400 })
  try {
    return { uploaded: await saveImage(context.db, file, SITE_IMAGES, { alt: null, decorative: false }) }
  } catch (error) {
    if (error instanceof ImageRejected) return data({ uploadError: error.message }, { status: 400 })
    logger.error({ err: error }, 'Failed to upload a site image')
    return data({ uploadError: 'Failed to upload image' }, { status: 500 })
  }
}
