import { ClientMark } from '~/components/site/client-mark'
import type { BlockViewProps } from './types'

/** Every client with a story on the site, as a quiet row of wordmarks that lead to their stories. */
export function ClientMarksBlock({ data, extra }: BlockViewProps<'client-marks'>) {
  return (
    <section aria-labelledby="clients-title" className="border-b bg-white py-10">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="clients-title" className="text-center text-sm font-semibold tracking-wide text-muted-foreground uppercase">
          {data.title}
        </h2>
        <ul className="mt-6 flex flex-wrap items-center justify-center gap-x-10 gap-y-6">
          {extra.clients.map(({ id, client, href }) => (
            <li key={id}>
              <a
                href={href}
                className="block rounded-sm text-slate-600 transition-colors outline-none hover:text-navy-950 focus-visible:ring-3 focus-visible:ring-ring/50 motion-reduce:transition-none"
              >
                <ClientMark name={client} className="h-8 text-sm" />
                <span className="sr-only"> case study</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
