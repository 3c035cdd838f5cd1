import { Phone } from 'lucide-react'
import { BookingButton } from '~/components/site/booking-button'
import { CaseStudyHeadline } from '~/components/site/case-study-proof'
import { PhoneLink } from '~/components/site/phone-link'
import { Portrait } from '~/components/site/portrait'
import type { CaseStudyHeadline as Headline } from '~/content/types'
import type { ImageInfos } from '~/lib/images'
import { cn } from '~/lib/utils'
import { TradeArt, tradeOf } from './trade-art'

/*
 * What an inner page's header shows beside its title, one per kind of page (issue 32): the figures
 * for the case studies, the trade for the industries, the team for About, and for Contact the person
 * a visitor would talk to, the phone and the call to book. Beside the title on wide screens, beneath
 * it on phones, so the title is always the first thing on the screen.
 */

const panel = 'rounded-3xl border border-navy-100 bg-white shadow-sm'

/** Three studies' headline figures, with whose they are. */
export function HeroFigures({ results }: { results: { id: string; client: string; headline: Headline }[] }) {
  return (
    <ul data-hero="figures" className={cn(panel, 'grid gap-5 p-6 sm:grid-cols-3 sm:p-8 lg:grid-cols-1')}>
      {results.map(({ id, client, headline }) => (
        <li key={id}>
          <CaseStudyHeadline headline={headline} />
          <p className="mt-2 pl-5 text-xs font-semibold tracking-wide text-navy-900 uppercase">{client}</p>
        </li>
      ))}
    </ul>
  )
}

/** One trade large on its own page; on the page of them all, a tile for each, named. */
export function HeroTrades({ trades }: { trades: { name: string; slug: string }[] }) {
  const [only] = trades
  if (trades.length === 1 && only)
    return (
      <div data-hero="trade" className="flex lg:justify-end">
        <div className={cn(panel, 'grid size-24 place-items-center sm:size-36 lg:size-64')}>
          <span className="grid size-4/5 place-items-center rounded-full bg-navy-50 ring-8 ring-accent-bright/20">
            <TradeArt trade={tradeOf(only)} className="size-3/5" />
          </span>
        </div>
      </div>
    )
  return (
    <ul data-hero="trade" className="grid grid-cols-3 gap-3">
      {trades.slice(0, 6).map((trade) => (
        <li key={trade.slug} className={cn(panel, 'flex flex-col items-center gap-2 p-3 text-center sm:p-4')}>
          <TradeArt trade={tradeOf(trade)} className="size-10 sm:size-14" />
          <span className="text-xs font-medium text-navy-900 sm:text-sm">{trade.name}</span>
        </li>
      ))}
    </ul>
  )
}

type Person = { id: string; name: string; role: string; imageUrl: string | null }

/** The team's portraits in a row, overlapping, with their first names beneath. */
export function HeroTeam({ team, images }: { team: Person[]; images: ImageInfos }) {
  return (
    <figure data-hero="team" className="lg:justify-self-end">
      <ul className="flex -space-x-3 sm:-space-x-4">
        {team.map((member) => (
          <li key={member.id}>
            <Portrait
              name={member.name}
              src={member.imageUrl}
              image={images[member.imageUrl ?? '']}
              className="size-16 rounded-full ring-4 ring-white sm:size-24 lg:size-32"
            />
          </li>
        ))}
      </ul>
      <figcaption className="mt-4 text-sm text-muted-foreground">{team.map((member) => member.name).join(' · ')}</figcaption>
    </figure>
  )
}

/** Contact's card: who answers, the phone (when Settings has one) and the call to book. */
export function HeroContact({ person, images, bookingLabel }: { person?: Person; images: ImageInfos; bookingLabel: string }) {
  return (
    <div data-hero="contact" className={cn(panel, 'grid gap-5 p-6 sm:p-8')}>
      {person && (
        <div className="flex items-center gap-4">
          <Portrait
            name={person.name}
            src={person.imageUrl}
            image={images[person.imageUrl ?? '']}
            className="size-16 shrink-0 rounded-full"
          />
          <p>
            <span className="block text-sm text-muted-foreground">Your call is with</span>
            <span className="block font-display text-lg font-semibold">{person.name}</span>
            <span className="block text-sm text-muted-foreground">{person.role}</span>
          </p>
        </div>
      )}
      <PhoneLink className="inline-flex items-center gap-3 font-semibold text-primary underline-offset-4 hover:underline">
        {(phone) => (
          <>
            <span aria-hidden className="grid size-10 place-items-center rounded-full bg-navy-50">
              <Phone className="size-5" />
            </span>
            {phone}
          </>
        )}
      </PhoneLink>
      {bookingLabel && (
        <div className="flex items-center gap-4 border-t pt-5">
          <CalendarArt />
          <BookingButton place="strategy" className="flex-1">
            {bookingLabel}
          </BookingButton>
        </div>
      )}
    </div>
  )
}

/** A calendar page marked with a half-hour slot: the call is 30 minutes. */
function CalendarArt() {
  return (
    <svg aria-hidden viewBox="0 0 48 48" className="size-12 shrink-0">
      <rect x="4" y="8" width="40" height="36" rx="6" fill="#ffffff" stroke="#13224a" strokeWidth="2.5" />
      <path d="M4 14a6 6 0 0 1 6-6h28a6 6 0 0 1 6 6v4H4Z" fill="#13224a" />
      <path d="M15 4v8M33 4v8" stroke="#13224a" strokeWidth="2.5" strokeLinecap="round" />
      <text x="24" y="35" textAnchor="middle" fontSize="13" fontWeight="700" fill="#13224a">
        30
      </text>
      <rect x="12" y="38" width="24" height="2.5" rx="1.25" fill="#fbbf24" />
    </svg>
  )
}
