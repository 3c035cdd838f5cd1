import { Link } from 'react-router'
import { useServedPlain } from '~/lib/served-plain'

type SiteLinkProps = Omit<React.ComponentProps<'a'>, 'href'> & { to: string }

/**
 * A link to one of the site's pages. On a page served plain no React runs in the browser, so it is
 * the anchor React Router's Link would render (same href, same attributes) without the hooks Link
 * runs to resolve the path and read the location, a hundred times a page. React pages keep Link.
 */
export function SiteLink({ to, target, ...rest }: SiteLinkProps) {
  const plain = useServedPlain()
  if (!plain || !isPlainPath(to)) return <Link to={to} target={target} {...rest} />
  return <a {...rest} href={to} target={target} data-discover="true" />
}

/** A path Link writes out unchanged: on this origin, with no `.` or `..` segment to resolve. */
function isPlainPath(to: string) {
  return to.startsWith('/') && !to.startsWith('//') && !to.includes('/.')
}
