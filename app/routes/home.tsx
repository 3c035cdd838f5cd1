import { Button } from '~/components/ui/button'
import { pageTitle } from '~/lib/meta'
import type { Route } from './+types/home'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches) },
  {
    name: 'description',
    content: 'AI automation, AI receptionists and IT modernization for small and medium businesses across the U.S.',
  },
]

export function loader({ context }: Route.LoaderArgs) {
  return { siteName: context.config.siteName, bookingUrl: context.config.bookingUrl }
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main className="grid min-h-dvh place-items-center bg-navy-950 px-6 text-white">
      <div className="max-w-2xl text-center">
        <p className="text-sm font-semibold tracking-widest text-indigo-200 uppercase">{loaderData.siteName}</p>
        <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
          AI that answers your calls, follows up your leads and gives you your evenings back
        </h1>
        <p className="mt-6 text-lg text-slate-200">
          We set up AI automation, virtual receptionists and modern IT for small businesses across the U.S.
        </p>
        <Button asChild size="lg" className="mt-10">
          <a href={loaderData.bookingUrl} target="_blank" rel="noopener noreferrer">
            Book a Call
          </a>
        </Button>
      </div>
    </main>
  )
}
