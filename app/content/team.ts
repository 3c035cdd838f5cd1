import type { TeamMemberContent } from './types'

// Shown when the team table is empty or unavailable, and used to seed that table on first start, in
// this order: the founder first, as the person a new client meets.
export const fallbackTeamMembers: TeamMemberContent[] = [
  {
    name: 'Nicole Arceneaux',
    role: 'Founder & Principal Consultant',
    bio: 'Nicole spent a decade running operations for family-owned service companies along the Gulf Coast before starting the company. She sits down with every new client to find the few changes that will save them the most time.',
  },
  {
    name: 'Darnell Price',
    role: 'AI Solutions Lead',
    bio: 'Darnell builds the receptionists, chat assistants and follow-up tools our clients rely on every day. He tests each one against real calls from the business before it goes live.',
  },
  {
    name: 'Elena Vasquez',
    role: 'IT Modernization Lead',
    bio: 'Elena helps businesses move off aging servers and tangled software onto tools that are simpler to run and back up. She works out of San Antonio and has moved dozens of small offices without a lost file.',
  },
  {
    name: 'Caleb Mercer',
    role: 'Client Success Manager',
    bio: 'Caleb is the person clients call when they have a question or want to change how something works. He checks in every month to make sure each tool is still earning its keep.',
  },
]
