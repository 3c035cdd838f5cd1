import { useEffect, useRef } from 'react'

export const SESSION_REFRESH_MS = 10 * 60 * 1000

/**
 * Renews the admin session every 10 minutes while the back office is open. Only a definite "no
 * session" (401) counts as expiry: a dropped connection must not throw away someone's work.
 */
export function useSessionRefresh(onExpired: () => void) {
  const expired = useRef(onExpired)
  expired.current = onExpired
  useEffect(() => {
    const timer = setInterval(async () => {
      try {
        const response = await fetch('/admin/session', { method: 'POST' })
        if (response.status === 401) expired.current()
      } catch (error) {
        console.warn('Session refresh failed; will retry:', error)
      }
    }, SESSION_REFRESH_MS)
    return () => clearInterval(timer)
  }, [])
}
