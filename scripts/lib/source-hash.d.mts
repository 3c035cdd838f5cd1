// Types for source-hash.mjs, which stays plain JavaScript so `npm start` runs on node alone.
export const BUILD_SOURCES: string[]
export const STAMP_FILE: string
export function sourceHash(root?: string): string
export function writeSourceStamp(buildDir: string, root?: string): void
export function reasonToBuild(buildDir: string, root?: string): string | null
