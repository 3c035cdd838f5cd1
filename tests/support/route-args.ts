import type { AppLoadContext } from 'react-router'

/** Calls a route's loader or action the way React Router does, returning thrown responses too. */
export async function callRoute<T>(
  fn: (args: any) => T | Promise<T>,
  request: Request,
  context: AppLoadContext,
  params: Record<string, string> = {},
): Promise<T | Response> {
  try {
    return await fn({ request, context, params, unstable_pattern: '' })
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

/** Data returned with `data(value, init)`: the value and its status. */
export function unwrap<T>(result: unknown): { data: T; status: number; headers: Headers } {
  const r = result as { type?: string; data: T; init?: ResponseInit | null }
  if (r && r.type === 'DataWithResponseInit') {
    return { data: r.data, status: r.init?.status ?? 200, headers: new Headers(r.init?.headers) }
  }
  return { data: result as T, status: 200, headers: new Headers() }
}
