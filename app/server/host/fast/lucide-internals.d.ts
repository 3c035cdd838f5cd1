// lucide-react's own modules that app/server/host/fast/icons.server.ts builds on; the package types only its index.
declare module 'lucide-react/dist/esm/createLucideIcon.mjs' {
  export { createLucideIcon as default } from 'lucide-react'
}
declare module 'lucide-react/dist/esm/shared/src/build/buildLucideIconForReact.mjs' {
  import type { LucideIconData, LucideIconNode } from 'lucide-react'
  export default function buildLucideIconForReact(
    icon: LucideIconData,
    params: Record<string, unknown>,
  ): [name: string, attributes: Record<string, unknown>, children: LucideIconNode[]]
}
declare module 'lucide-react/dist/esm/shared/src/utils/hasA11yProp.mjs' {
  export function hasA11yProp(props: Record<string, unknown>): boolean
}
declare module 'lucide-react/dist/esm/shared/src/utils/mergeClasses.mjs' {
  export function mergeClasses(...classes: unknown[]): string
}
