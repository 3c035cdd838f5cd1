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
        {/* A wall of equal cells, two across on phones (emblem beside name) and five from tablets (emblem
            over name), so ten marks make even rows and a long name wraps inside its cell, never to the edge. */}
        <ul className="mt-6 grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-5 sm:gap-x-6 sm:gap-y-4">
          {extra.clients.map(({ id, client, href }) => (
            <li key={id} className="flex">
              <a
                href={href}
                className="flex w-full items-center rounded-lg border border-transparent px-2 py-2 text-slate-600 transition-colors outline-none hover:border-navy-100 hover:text-navy-950 focus-visible:ring-3 focus-visible:ring-ring/50 motion-reduce:transition-none sm:items-start sm:justify-center"
              >
                <ClientMark name={client} wrap className="text-xs sm:flex-col sm:gap-2 sm:text-center sm:text-[0.8rem]" />
                <span className="sr-only"> case study</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
