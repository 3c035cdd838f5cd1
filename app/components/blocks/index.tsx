import type * as React from 'react'
import type { BlockType } from '~/lib/blocks/catalog'
import type { LoadedBlock } from '~/server/services/block-data.server'
import type { LeadFormResult } from '~/server/http/lead-form.server'
import { CardGridBlock } from './card-grid'
import { CaseStudiesBlock } from './case-studies'
import { ClientMarksBlock } from './client-marks'
import { ContactDetailsBlock } from './contact-details'
import { ContactFormBlock } from './contact-form'
import { CtaBandBlock } from './cta-band'
import { FaqBlock } from './faq'
import { FeaturedProofBlock } from './featured-proof'
import { FiguresBlock } from './figures'
import { HeroBlock } from './hero'
import { IndustryCardsBlock } from './industry-cards'
import { LatestPostsBlock } from './latest-posts'
import { LocationsBlock } from './locations'
import { PageHeaderBlock } from './page-header'
import { PartnersBlock } from './partners'
import { PlaybookFormBlock } from './playbook-form'
import { PricingBlock } from './pricing'
import { RichTextBlock } from './rich-text'
import { ServicesBlock } from './services'
import { SplitBlock } from './split'
import { StepsBlock } from './steps'
import { TeamBlock } from './team'
import { TestimonialsBlock } from './testimonials'
import type { BlockViewProps } from './types'

/** The one view of each kind of block (app/lib/blocks/catalog.ts). */
const VIEWS: { [T in BlockType]: (props: BlockViewProps<T>) => React.ReactNode } = {
  hero: HeroBlock,
  'page-header': PageHeaderBlock,
  'client-marks': ClientMarksBlock,
  'card-grid': CardGridBlock,
  steps: StepsBlock,
  figures: FiguresBlock,
  'case-studies': CaseStudiesBlock,
  'featured-proof': FeaturedProofBlock,
  testimonials: TestimonialsBlock,
  'cta-band': CtaBandBlock,
  'contact-details': ContactDetailsBlock,
  split: SplitBlock,
  faq: FaqBlock,
  partners: PartnersBlock,
  team: TeamBlock,
  locations: LocationsBlock,
  'rich-text': RichTextBlock,
  'contact-form': ContactFormBlock,
  'playbook-form': PlaybookFormBlock,
  'latest-posts': LatestPostsBlock,
  'industry-cards': IndustryCardsBlock,
  services: ServicesBlock,
  pricing: PricingBlock,
}

/** A page's shown blocks, in order, each drawn by its view. */
export function PageBlocks({ blocks, answer }: { blocks: readonly LoadedBlock[]; answer?: LeadFormResult }) {
  return blocks.map((block) => {
    const View = VIEWS[block.type] as (props: BlockViewProps<BlockType>) => React.ReactNode
    return <View key={block.id} data={block.data} extra={block.extra} answer={answer} />
  })
}
