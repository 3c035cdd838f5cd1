import { BookingButton } from '~/components/site/booking-button'
import { HeroContact, HeroFigures, HeroTeam, HeroTrades } from '~/components/site/heroes/page-heroes'
import { PageHeader } from '~/components/site/section'
import type { BlockViewProps } from './types'

type Extra = BlockViewProps<'page-header'>['extra']

/** The visual the editor chose, with the records the server read for it. Contact's card holds the booking button. */
function visualOf(extra: Extra, bookingLabel: string) {
  switch (extra.visual) {
    case 'figures':
      return extra.results.length > 0 ? <HeroFigures results={extra.results} /> : null
    case 'trade':
      return extra.trades.length > 0 ? <HeroTrades trades={extra.trades} /> : null
    case 'team':
      return extra.team.length > 0 ? <HeroTeam team={extra.team} images={extra.images} /> : null
    case 'contact':
      return <HeroContact person={extra.team[0]} images={extra.images} bookingLabel={bookingLabel} />
    case 'none':
      return null
  }
}

export function PageHeaderBlock({ data, extra }: BlockViewProps<'page-header'>) {
  return (
    <PageHeader
      eyebrow={data.eyebrow || undefined}
      title={data.title}
      text={data.text || undefined}
      visual={visualOf(extra, data.bookingButton)}
    >
      {data.bookingButton && extra.visual !== 'contact' && (
        <BookingButton place="strategy" size="lg" className="mt-8">
          {data.bookingButton}
        </BookingButton>
      )}
    </PageHeader>
  )
}
