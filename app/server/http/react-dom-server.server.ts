import asyncHooks from 'node:async_hooks'
import { createRequire } from 'node:module'
import type * as ReactDomServer from 'react-dom/server'

/**
 * React DOM's Node renderer, loaded with a synchronous stand-in for the AsyncLocalStorage it keeps
 * each render in. On Node 20 the first `run()` of a real one turns on async hooks for the whole
 * process, for good: every promise, timer and socket write of every request (cache hits included)
 * then pays for a hook, about a fifth of a cache hit's cost. React only reads the store while it
 * renders synchronously inside `run()` (and prefers its own current render even then), so a store
 * that lives for the call is all it needs.
 */
class RenderStorage<T> {
  private store: T | undefined

  getStore() {
    return this.store
  }

  run<R>(store: T, callback: (...args: unknown[]) => R, ...args: unknown[]): R {
    const outer = this.store
    this.store = store
    try {
      return callback(...args)
    } finally {
      this.store = outer
    }
  }
}

function loadRenderer(): typeof ReactDomServer {
  const hooks = asyncHooks as { AsyncLocalStorage: unknown }
  const real = hooks.AsyncLocalStorage
  hooks.AsyncLocalStorage = RenderStorage
  try {
    return createRequire(import.meta.url)('react-dom/server') as typeof ReactDomServer
  } finally {
    hooks.AsyncLocalStorage = real
  }
}

// The one import of the renderer: another module importing react-dom/server first would load it with
// the real store (tests/unit/react-dom-server.test.ts checks there is none).
export const { renderToPipeableStream, renderToString, renderToStaticMarkup } = loadRenderer()
