import { useEffect } from 'react'
import { Link, useLocation } from 'react-router'
import { Button } from '~/components/ui/button'

export function NotFound() {
  const { pathname } = useLocation()
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname)
  }, [pathname])

  return (
    <main className="grid min-h-dvh place-items-center bg-navy-50 px-6">
      <div className="text-center">
        <p className="bg-gradient-to-r from-brand-blue to-brand-violet bg-clip-text text-7xl font-extrabold text-transparent">
          404
        </p>
        <h1 className="mt-4 text-2xl font-semibold">Oops! Page not found</h1>
        <p className="mt-2 text-muted-foreground">The page you are looking for has moved or never existed.</p>
        <Button asChild className="mt-8">
          <Link to="/">Return to Home</Link>
        </Button>
      </div>
    </main>
  )
}
