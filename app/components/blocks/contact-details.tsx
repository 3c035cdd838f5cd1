import { Mail } from 'lucide-react'
import { Section } from '~/components/site/section'
import { SocialLinks } from '~/components/site/social-icons'
import { useSiteSettings } from '~/components/site/use-site-settings'
import { cn } from '~/lib/utils'
import type { BlockViewProps } from './types'

/** The contact address and social links as Settings hold them, so a changed address shows here at once. */
export function ContactDetailsBlock({ data }: BlockViewProps<'contact-details'>) {
  const { contactEmail, linkedinUrl, twitterUrl } = useSiteSettings()
  const dark = data.tone === 'dark'
  return (
    <Section id={data.anchor || undefined} title={data.title || undefined} intro={data.text || undefined} tone={data.tone}>
      <div className="flex flex-col items-center gap-4">
        <a
          href={`mailto:${contactEmail}`}
          className={cn(
            'inline-flex items-center gap-2 text-lg font-semibold underline-offset-4 hover:underline',
            dark ? 'text-navy-200' : 'text-primary',
          )}
        >
          <Mail className="size-5" aria-hidden />
          {contactEmail}
        </a>
        <SocialLinks linkedinUrl={linkedinUrl} twitterUrl={twitterUrl} className={cn('flex gap-2', dark && 'text-white')} />
      </div>
    </Section>
  )
}
