import { Portrait } from '~/components/site/portrait'
import { Section } from '~/components/site/section'
import { Card } from '~/components/ui/card'
import type { BlockViewProps } from './types'

/** The team members, in the order set under Team Members. */
export function TeamBlock({ data, extra }: BlockViewProps<'team'>) {
  return (
    <Section id={data.anchor || undefined} eyebrow={data.eyebrow || undefined} title={data.title || undefined} tone={data.tone}>
      <ul className="grid gap-6 sm:grid-cols-2 sm:grid-balance-2 lg:grid-cols-4 lg:grid-balance-4">
        {extra.team.map((member) => (
          <li key={member.id}>
            {/* A card alone on the last row takes the whole row (grid-balance) and lays itself out sideways. */}
            <Card className="@container h-full p-4 pb-6" data-testid="team-member">
              <div className="flex flex-col gap-4 @xl:flex-row @xl:items-center @xl:gap-8">
                <Portrait
                  name={member.name}
                  src={member.imageUrl}
                  image={extra.images[member.imageUrl ?? '']}
                  className="@xl:w-56 @xl:shrink-0"
                />
                <div>
                  <h3 className="font-display text-xl font-semibold">{member.name}</h3>
                  <p className="text-sm font-medium text-primary">{member.role}</p>
                  {member.bio && <p className="mt-3 text-sm text-muted-foreground">{member.bio}</p>}
                </div>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  )
}
