import { SplitBlock } from './split'
import type { BlockViewProps } from './types'

/**
 * Each service as a band reached by its anchor, drawn as a split block: they alternate sides and
 * tones from the first band's, and the third sits on the dark band.
 */
export function ServicesBlock({ data, extra }: BlockViewProps<'services'>) {
  const other = data.tone === 'white' ? 'muted' : 'white'
  return extra.services.map((service, index) => (
    <SplitBlock
      key={service.anchor}
      data={{
        anchor: service.anchor,
        title: service.name,
        text: service.summary,
        note: service.example,
        tone: index === 2 ? 'dark' : index % 2 ? other : data.tone,
        reverse: index % 2 === 1,
        icon: service.icon,
        color: service.color,
        points: service.points,
        picture: { src: '', alt: '' },
        style: 'ticked',
      }}
      extra={undefined}
    />
  ))
}
