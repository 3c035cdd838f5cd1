import type { Location } from './types'

export const locations: Location[] = [
  { city: 'New Orleans', state: 'LA' },
  { city: 'Biloxi/Gulfport', state: 'MS' },
  { city: 'Atlanta', state: 'GA' },
  { city: 'San Antonio', state: 'TX' },
]

export const locationsIntro =
  'We work with businesses across the U.S., by phone and video, and we have local teams in New Orleans, Biloxi/Gulfport, Atlanta and San Antonio for when you want someone in the room.'
