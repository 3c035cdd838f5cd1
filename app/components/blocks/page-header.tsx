import { BookingButton } from '~/components/site/booking-button'
import { PageHeader } from '~/components/site/section'
import type { BlockViewProps } from './types'

export function PageHeaderBlock({ data }: BlockViewProps<'page-header'>) {
  return (
    <PageHeader eyebrow={data.eyebrow || undefined} title={data.title} text={data.text || undefined}>
      {data.bookingButton && (
        <BookingButton place="strategy" size="lg" className="mt-8">
          {data.bookingButton}
        </BookingButton>
      )}
    </PageHeader>
  )
}
