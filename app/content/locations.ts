import type { Location } from './types'

export const locations: Location[] = [
  { city: 'New Orleans', state: 'LA', area: 'Serving the Northshore, the Westbank and Greater New Orleans' },
  { city: 'Biloxi/Gulfport', state: 'MS', area: 'Serving the Mississippi Gulf Coast, from Bay St. Louis to Pascagoula' },
  { city: 'Atlanta', state: 'GA', area: 'Serving Metro Atlanta, from Marietta to McDonough' },
  { city: 'San Antonio', state: 'TX', area: 'Serving San Antonio, New Braunfels and the Hill Country' },
]
