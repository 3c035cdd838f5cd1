import { createContext, useContext } from 'react'

const NonceContext = createContext('')

export const NonceProvider = NonceContext.Provider

/** The CSP nonce of this server render; empty in the browser, where it is no longer needed. */
export function useNonce(): string {
  return useContext(NonceContext)
}
