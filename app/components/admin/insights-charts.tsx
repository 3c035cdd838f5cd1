import { Bar, BarChart, CartesianGrid, Legend, Line, ComposedChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'

const BLUE = 'var(--color-brand-blue)'
const VIOLET = 'var(--color-brand-violet)'
const weekLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })
const shortWeek = (week: string) => weekLabel.format(new Date(`${week}T00:00:00Z`))

/**
 * Visits (bars) and leads (line, on its own scale) per week. The figures are also in a table for
 * screen readers, which do not read a chart's drawing.
 */
export function WeeklyChart({ weeks }: { weeks: { week: string; visits: number; leads: number }[] }) {
  return (
    <figure aria-labelledby="weekly-caption">
      <figcaption id="weekly-caption" className="sr-only">
        Visits and leads per week
      </figcaption>
      <div aria-hidden className="h-64 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart accessibilityLayer={false} data={weeks} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="week" tickFormatter={shortWeek} fontSize={12} minTickGap={16} />
            <YAxis yAxisId="visits" allowDecimals={false} fontSize={12} />
            <YAxis yAxisId="leads" orientation="right" allowDecimals={false} fontSize={12} />
            <Tooltip labelFormatter={(week) => `Week of ${shortWeek(String(week))}`} />
            <Legend />
            <Bar yAxisId="visits" dataKey="visits" name="Visits" fill={BLUE} radius={[3, 3, 0, 0]} isAnimationActive={false} />
            <Line yAxisId="leads" dataKey="leads" name="Leads" stroke={VIOLET} strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <thead>
          <tr>
            <th scope="col">Week of</th>
            <th scope="col">Visits</th>
            <th scope="col">Leads</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.week}>
              <th scope="row">{shortWeek(week.week)}</th>
              <td>{week.visits}</td>
              <td>{week.leads}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}

/** The most viewed pages as horizontal bars; the table beside it carries the same figures for everyone. */
export function TopPagesChart({ pages }: { pages: { path: string; views: number }[] }) {
  return (
    <div aria-hidden className="w-full" style={{ height: Math.max(120, pages.length * 32) }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={pages} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 0 }}>
          <XAxis type="number" allowDecimals={false} fontSize={12} />
          <YAxis
            type="category"
            dataKey="path"
            width={160}
            fontSize={12}
            tickFormatter={(path: string) => (path.length > 24 ? `${path.slice(0, 23)}…` : path)}
          />
          <Tooltip />
          <Bar dataKey="views" name="Views" fill={BLUE} radius={[0, 3, 3, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  )
}
