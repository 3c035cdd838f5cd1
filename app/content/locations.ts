import type { Location } from './types'

export const locations: Location[] = [
  { city: 'New Orleans', state: 'LA' },
  { city: 'Biloxi/Gulfport', state: 'MS' },
  { city: 'Atlanta', state: 'GA' },
  { city: 'San Antonio', state: 'TX' },
]
