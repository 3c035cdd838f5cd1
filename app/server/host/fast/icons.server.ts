/*
 * The server build's createLucideIcon (vite.config.ts swaps it in for lucide's icons; the browser
 * keeps lucide's own, and so does the server with the fast paths off). A page draws the same few
 * icons dozens of times, and lucide works out each one's <svg> attributes anew and renders its paths
 * as elements, one by one: here the attributes are worked out once per icon and set of props, and
 * the paths are written as one string, rendered once by React. The markup is lucide's, byte for
 * byte, so a page React hydrates finds what it draws; tests/unit/fast-paths.test.ts checks it is.
 * It imports lucide's own modules under dist/esm (typed in lucide-internals.d.ts).
 */
import { createElement, forwardRef, type ForwardedRef } from 'react'
import { loadConfig } from '~/server/config.server'
import { renderToStaticMarkup } from 'react-dom/server'
import type { LucideIconData, LucideProps } from 'lucide-react'
import createLucideIcon from 'lucide-react/dist/esm/createLucideIcon.mjs'
import buildLucideIconForReact from 'lucide-react/dist/esm/shared/src/build/buildLucideIconForReact.mjs'
import { hasA11yProp } from 'lucide-react/dist/esm/shared/src/utils/hasA11yProp.mjs'
import { mergeClasses } from 'lucide-react/dist/esm/shared/src/utils/mergeClasses.mjs'

// Class names come from the code, so an icon meets few sets of props; the bound is for safety.
const MAX_DRAWN_PER_ICON = 64

type SvgProps = Record<string, unknown>

// Read as the server build loads: lucide's icon modules create their components then.
const fastPaths = loadConfig().fastPaths

export default function createServerIcon(icon: LucideIconData) {
  const lucideIcon = createLucideIcon(icon)
  if (!fastPaths) return lucideIcon
  const paths = { __html: pathsMarkup(icon) }
  const drawn = new Map<string, SvgProps>()
  const ServerIcon = forwardRef((props: LucideProps, ref: ForwardedRef<SVGSVGElement>) => {
    const key = ref ? null : propsKey(props)
    // A ref, children, an object prop (a style, a handler) or strokes that do not scale: lucide's own.
    if (key === null) return createElement(lucideIcon, { ...props, ref })
    let svgProps = drawn.get(key)
    if (!svgProps) {
      svgProps = { ...svgAttributes(icon, props), dangerouslySetInnerHTML: paths }
      if (drawn.size < MAX_DRAWN_PER_ICON) drawn.set(key, svgProps)
    }
    return createElement('svg', svgProps)
  })
  ServerIcon.displayName = lucideIcon.displayName
  return ServerIcon
}

/** The <svg> attributes lucide's Icon gives these props, with no LucideProvider (the site has none). */
function svgAttributes(icon: LucideIconData, props: LucideProps): SvgProps {
  const { color, size, width, height, strokeWidth, absoluteStrokeWidth, nonScalingStroke, className = '', ...rest } = props
  const [, attributes] = buildLucideIconForReact(icon, {
    color: color ?? 'currentColor',
    width: width ?? size ?? 24,
    height: height ?? size ?? 24,
    strokeWidth: strokeWidth ?? 2,
    absoluteStrokeWidth: absoluteStrokeWidth ?? false,
    nonScalingStroke: nonScalingStroke ?? false,
    className: mergeClasses('', className),
    hasA11yProp: hasA11yProp(rest),
    attributes: rest,
  })
  return attributes
}

/** The props in order (their order is the attributes'), or null when one is not a plain value. */
function propsKey(props: LucideProps): string | null {
  let key = ''
  for (const [name, value] of Object.entries(props)) {
    if (name === 'children' || name === 'nonScalingStroke') return null
    if ((value !== null && typeof value === 'object') || typeof value === 'function') return null
    key += `${name}\0${typeof value}\0${String(value)}\0`
  }
  return key
}

/** The icon's paths as React writes them inside an <svg>, rendered once when the icon is defined. */
function pathsMarkup(icon: LucideIconData): string {
  const svg = renderToStaticMarkup(createElement('svg', null, ...icon.node.map(([tag, attributes]) => createElement(tag, attributes))))
  return svg.slice('<svg>'.length, -'</svg>'.length)
}
