import { isAbsolute, relative, resolve } from 'node:path'

/** npm runs scripts from the project's root; a relative path means one from where npm was typed. */
export function fromCaller(path: string): string {
  const caller = process.env.INIT_CWD
  return isAbsolute(path) || !caller ? path : relative('.', resolve(caller, path))
}
