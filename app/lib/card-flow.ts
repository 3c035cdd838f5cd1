/*
 * Rows of cards that never leave one card alone on the last row: at each screen width the first column
 * count of a list of choices that does not, and a last row with fewer cards centred at the cards'
 * width (the card-flow utility in app.css), never stretched.
 */

type Width = 'sm' | 'md' | 'lg' | 'xl'

/** Literal class names, so Tailwind finds them in the source. */
const COLUMN_CLASSES: Record<Width, Record<number, string>> = {
  sm: { 1: 'sm:flow-cols-1', 2: 'sm:flow-cols-2', 3: 'sm:flow-cols-3', 4: 'sm:flow-cols-4' },
  md: { 1: 'md:flow-cols-1', 2: 'md:flow-cols-2', 3: 'md:flow-cols-3', 4: 'md:flow-cols-4' },
  lg: { 1: 'lg:flow-cols-1', 2: 'lg:flow-cols-2', 3: 'lg:flow-cols-3', 4: 'lg:flow-cols-4' },
  xl: { 1: 'xl:flow-cols-1', 2: 'xl:flow-cols-2', 3: 'xl:flow-cols-3', 4: 'xl:flow-cols-4' },
}

/** The first of `choices` (columns, best first) whose last row does not hold one of `count` cards alone; one column otherwise. A single card is a row of its own at any count. */
export function columnsFor(count: number, choices: readonly number[]): number {
  return choices.find((columns) => count <= 1 || count % columns !== 1) ?? 1
}

/**
 * A card grid block's column choices from lg up, for the columns its editor picked. Two columns of
 * bare items beside the band's title (two thirds of the width) become one, not three narrow ones.
 */
export function cardGridWideColumns(columns: '2' | '3' | '4', style: string): number[] {
  if (columns === '2') return style === 'items' ? [2, 1] : [2, 3, 1]
  return columns === '3' ? [3, 4, 2, 1] : [4, 3, 2, 1]
}

/** The card-flow classes for `count` cards, with the column choices at each width that changes them (one column below the first). */
export function cardFlowClasses(count: number, choices: Partial<Record<Width, readonly number[]>>): string {
  const widths = Object.keys(COLUMN_CLASSES) as Width[]
  return [
    'card-flow',
    ...widths.flatMap((width) => {
      const options = choices[width]
      return options ? [COLUMN_CLASSES[width][columnsFor(count, options)]] : []
    }),
  ].join(' ')
}
