/*
 * The design's fixed choices a block may name: icons from one set, accent tints and the bands'
 * tones. Each tone's text colours are chosen with it (app.css), so no choice an editor makes can put
 * unreadable text on its background.
 */

export const ICON_NAMES = [
  'bot',
  'workflow',
  'server',
  'phone',
  'message',
  'shield',
  'trending',
  'lightbulb',
  'puzzle',
  'plug',
  'graduation',
  'handshake',
  'sparkles',
  'target',
  'users',
  'zap',
  'heart',
  'clock',
  'dollar',
  'headset',
  'building',
  'scale',
  'stethoscope',
  'store',
  'thermometer',
  'home',
  'hotel',
  'briefcase',
] as const
export type IconName = (typeof ICON_NAMES)[number]

export const ACCENTS = ['blue', 'violet', 'teal', 'amber', 'rose', 'emerald'] as const
export type Accent = (typeof ACCENTS)[number]

export const TONES = ['white', 'muted', 'dark'] as const
export type Tone = (typeof TONES)[number]
