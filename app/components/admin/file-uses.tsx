import { Link } from 'react-router'

/** Where an uploaded image is used, each place a link to its editor; the media list and editor both show it. */
export function FileUses({ uses }: { uses: { label: string; href: string }[] }) {
  if (uses.length === 0) return <>Not used anywhere</>
  return (
    <ul className="grid gap-1">
      {uses.map((use) => (
        <li key={use.label}>
          <Link to={use.href} className="text-primary underline underline-offset-4">
            {use.label}
          </Link>
        </li>
      ))}
    </ul>
  )
}
