import { data } from 'react-router'
import { type CollectionName, isCollectionName } from '~/lib/collections'

/** The collection a screen's address names; any other name is not found. */
export function collectionIn(params: { collection?: string }): CollectionName {
  if (!params.collection || !isCollectionName(params.collection)) throw data(null, { status: 404 })
  return params.collection
}
