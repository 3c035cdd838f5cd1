import type { LucideIcon } from 'lucide-react'
import { Fragment, useRef, useState } from 'react'
import { Button } from '~/components/ui/button'
import { cn } from '~/lib/utils'

/** One button of the toolbar: its name (read out and shown as its tooltip), its icon and its shortcut in CodeMirror's notation. */
export interface Tool {
  name: string
  icon: LucideIcon
  keys?: string
  /** Shown beside the icon, for a tool an icon alone would not explain. */
  text?: string
  run: () => void
}

const onMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)

/** 'Mod-Alt-2' as the writer's keyboard names it: 'Ctrl+Alt+2', or '⌘⌥2' on a Mac. */
function keysLabel(keys: string, mac: boolean): string {
  const names: Record<string, [string, string]> = { Mod: ['Ctrl', '⌘'], Alt: ['Alt', '⌥'], Shift: ['Shift', '⇧'] }
  return keys
    .split('-')
    .map((part) => names[part]?.[mac ? 1 : 0] ?? part.toUpperCase())
    .join(mac ? '' : '+')
}

/** 'Mod-b' in aria-keyshortcuts' notation: 'Control+B', or 'Meta+B' on a Mac. */
const ariaKeys = (keys: string, mac: boolean) =>
  keys
    .split('-')
    .map((part) => (part === 'Mod' ? (mac ? 'Meta' : 'Control') : part.length === 1 ? part.toUpperCase() : part))
    .join('+')

/**
 * The editor's toolbar: one tab stop, the arrow keys (and Home, End) move between its buttons, as
 * in a word processor. Each button's tooltip shows on hover and on keyboard focus, with its shortcut.
 * It wraps onto a second row on a narrow screen.
 */
export function Toolbar({ groups, controls }: { groups: Tool[][]; controls: string }) {
  const tools = groups.flat()
  const [current, setCurrent] = useState(0)
  const buttons = useRef<(HTMLButtonElement | null)[]>([])
  const mac = onMac()

  function move(event: React.KeyboardEvent) {
    const last = tools.length - 1
    const next = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: last }[event.key]
    if (next === undefined) return
    event.preventDefault()
    const index = next > last ? 0 : next < 0 ? last : next
    setCurrent(index)
    buttons.current[index]?.focus()
  }

  let index = 0
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      aria-controls={controls}
      onKeyDown={move}
      className="flex flex-wrap items-center gap-0.5 rounded-t-lg border-b bg-muted/40 p-1"
    >
      {groups.map((group, groupIndex) => (
        <Fragment key={group[0]!.name}>
          {groupIndex > 0 && <span aria-hidden className="mx-1 h-6 w-px bg-border" />}
          {group.map((tool) => {
            const at = index++
            const Icon = tool.icon
            const tip = tool.keys ? `${tool.name} (${keysLabel(tool.keys, mac)})` : tool.name
            return (
              <span key={tool.name} className="relative">
                <Button
                  ref={(button) => void (buttons.current[at] = button)}
                  type="button"
                  variant="ghost"
                  size={tool.text ? 'sm' : 'icon'}
                  tabIndex={at === current ? 0 : -1}
                  aria-label={tool.text ? undefined : tool.name}
                  aria-keyshortcuts={tool.keys && ariaKeys(tool.keys, mac)}
                  className={cn('peer', tool.text ? 'h-8' : 'size-8')}
                  // The editor keeps its focus and selection while a button is clicked.
                  onMouseDown={(event) => event.preventDefault()}
                  onFocus={() => setCurrent(at)}
                  onClick={tool.run}
                >
                  <Icon aria-hidden />
                  {tool.text}
                </Button>
                <span
                  aria-hidden
                  className="pointer-events-none absolute top-full left-1/2 z-20 mt-1 -translate-x-1/2 rounded-md bg-navy-950 px-2 py-1 text-xs whitespace-nowrap text-white opacity-0 transition-opacity peer-hover:opacity-100 peer-hover:delay-700 peer-focus-visible:opacity-100"
                >
                  {tip}
                </span>
              </span>
            )
          })}
        </Fragment>
      ))}
    </div>
  )
}
