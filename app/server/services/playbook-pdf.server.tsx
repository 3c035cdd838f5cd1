// "The Small Business AI Playbook" as a PDF, drawn with React-PDF from app/content/playbook-guide.ts.
// Each <Page> below is laid out to fit one sheet, so the contents page can number entries from the
// page plan; a page that overflows would push every later number off by one, and the test checks
// the page count against the plan for that reason.
import { createHash } from 'node:crypto'
import { Document, Font, Link, Page, StyleSheet, Text, View, renderToBuffer } from '@react-pdf/renderer'
import type { ReactElement, ReactNode } from 'react'
import { playbookGuide, type GuideStep, type RoiInput, type RoiLine } from '~/content/playbook-guide'
import { caseStudyHref } from '~/lib/case-study-links'
import { estimateWorksheet, type WorksheetEstimate, type WorksheetKey } from '~/lib/roi'
import type { StoredCaseStudy } from '~/server/repositories/case-studies.server'

export interface PlaybookFirm {
  siteName: string
  siteUrl: string
  /** Where "Book online" leads: the booking URL in Site Settings. */
  bookingUrl: string
  email?: string
  phone?: string
}

/** A published case study as the PDF tells it: the site's own story, only the fields it prints. */
export type PlaybookCaseStudy = Pick<
  StoredCaseStudy,
  'slug' | 'title' | 'client' | 'industry' | 'challenge' | 'solution' | 'results' | 'testimonial' | 'headline'
>

/** Part 3 has room for four stories, two on each of its pages; the site's first four are told. */
export const PRINTED_STUDIES = 4

/** Part of every edition: bump it whenever a change in this file changes what the PDF shows. */
const PDF_VERSION = 2

const guide = playbookGuide

// React-PDF hyphenates long words by default, which breaks "appointments" across lines in a way
// that reads as a layout bug to most people; whole words wrap more calmly.
Font.registerHyphenationCallback((word) => [word])

// The site's palette (app/app.css): navy text, the primary blue as the one accent, slate greys.
const color = {
  ink: '#0f1b3d',
  navy: '#0b1533',
  muted: '#475569',
  faint: '#64748b',
  accent: '#2563eb',
  accentSoft: '#eff4ff',
  accentLine: '#c9d8fb',
  onNavy: '#cbd5e1',
  line: '#e2e8f0',
  box: '#94a3b8',
  rule: '#cbd5e1',
  surface: '#f5f7fc',
  white: '#ffffff',
}

/** US Letter in points; the site's readers are mostly in the US. */
const LETTER_HEIGHT = 792

const s = StyleSheet.create({
  page: {
    paddingTop: 66,
    paddingBottom: 62,
    paddingHorizontal: 56,
    fontFamily: 'Helvetica',
    fontSize: 10,
    lineHeight: 1.45,
    color: color.ink,
  },
  header: {
    position: 'absolute',
    top: 30,
    left: 56,
    right: 56,
    flexDirection: 'row',
    justifyContent: 'space-between',
    paddingBottom: 6,
    borderBottomWidth: 0.5,
    borderBottomColor: color.line,
    fontSize: 8,
    color: color.faint,
  },
  // Anchored from the top: React-PDF 4.9 silently drops a fixed element placed with `bottom` on a
  // page whose style has a lineHeight, and the page numbers with it.
  footer: {
    position: 'absolute',
    top: LETTER_HEIGHT - 40,
    left: 56,
    right: 56,
    flexDirection: 'row',
    justifyContent: 'space-between',
    fontSize: 8,
    color: color.faint,
  },
  eyebrow: {
    fontFamily: 'Helvetica-Bold',
    fontSize: 8.5,
    letterSpacing: 1.2,
    textTransform: 'uppercase',
    color: color.accent,
    marginBottom: 6,
  },
  title: { fontFamily: 'Helvetica-Bold', fontSize: 24, lineHeight: 1.15, marginBottom: 10 },
  lead: { fontSize: 11.5, lineHeight: 1.5, color: color.muted, marginBottom: 16 },
  h2: { fontFamily: 'Helvetica-Bold', fontSize: 13, lineHeight: 1.25, marginBottom: 8 },
  h3: { fontFamily: 'Helvetica-Bold', fontSize: 10.5, marginBottom: 6 },
  para: { marginBottom: 8 },
  small: { fontSize: 8.5, lineHeight: 1.4, color: color.muted },
  bold: { fontFamily: 'Helvetica-Bold' },
  row: { flexDirection: 'row' },
  col: { flex: 1 },
})

/** "https://example.com" reads better in print as "example.com". */
function hostOf(siteUrl: string) {
  return siteUrl.replace(/^https?:\/\//, '').replace(/\/$/, '')
}

const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ')

/**
 * Text typed in the back office as the built-in Helvetica can draw it (Windows-1252 only): an arrow,
 * as in a headline's "30 → 4", reads "to"; other signs it lacks are left out rather than misdrawn.
 */
function printable(text: string): string {
  return [...text.replace(/\s*[→⟶➔]\s*/g, ' to ')]
    .filter((ch) => {
      const code = ch.codePointAt(0) ?? 0
      return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.has(ch)
    })
    .join('')
    .trim()
}

/** At most `max` characters, cut at a word and marked: each story keeps to its half page, however long. */
function clipped(text: string, max: number): string {
  const clean = printable(text)
  if (clean.length <= max) return clean
  const cut = clean.lastIndexOf(' ', max - 1)
  return `${clean.slice(0, cut > max / 2 ? cut : max - 1).replace(/[\s,;:.]+$/, '')}\u2026`
}

const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })

function formatValue(value: number, unit: RoiInput['unit'] | RoiLine['unit']) {
  if (unit === 'dollars') return wholeDollars.format(value)
  if (unit === 'percent') return `${value}%`
  if (unit === 'hours') return `${oneDecimal.format(value)} hrs`
  return `${oneDecimal.format(value)} ${unit}`
}

const exampleInputs = Object.fromEntries(guide.worksheet.inputs.map((input) => [input.key, input.example])) as Record<WorksheetKey, number>
const exampleResult = estimateWorksheet(exampleInputs)

function lineValue(result: WorksheetEstimate, number: number) {
  const values = [result.jobsPerMonth, result.moneyPerMonth, result.hoursPerMonth, result.hoursValuePerMonth, result.netPerMonth]
  return values[number - 1] ?? 0
}

/** "Line 1 x C" with the example's numbers in place of the names: "12.9 x $250". */
function formulaWithNumbers(formula: string, result: WorksheetEstimate) {
  const lines = guide.worksheet.lines
  return formula
    .replace(/Line (\d)/g, (_, n: string) => {
      const line = lines.find((l) => l.number === Number(n))
      return line ? formatValue(lineValue(result, line.number), line.unit) : n
    })
    .replace(/\b([A-G])\b/g, (key: string) => {
      const input = guide.worksheet.inputs.find((i) => i.key === key)
      return input ? formatValue(input.example, input.unit) : key
    })
}

// ---------------------------------------------------------------------------------------------
// Small building blocks

function Eyebrow({ children, light }: { children: ReactNode; light?: boolean }) {
  return <Text style={[s.eyebrow, light ? { color: color.accentLine } : {}]}>{children}</Text>
}

function Bullets({ items, gap = 4 }: { items: string[]; gap?: number }) {
  return (
    <View>
      {items.map((item) => (
        <View key={item} style={[s.row, { marginBottom: gap }]} wrap={false}>
          <Text style={{ width: 12, color: color.accent, fontFamily: 'Helvetica-Bold' }}>•</Text>
          <Text style={s.col}>{item}</Text>
        </View>
      ))}
    </View>
  )
}

function NumberedList({ items }: { items: string[] }) {
  return (
    <View>
      {items.map((item, i) => (
        <View key={item} style={[s.row, { marginBottom: 5 }]}>
          <Badge>{String(i + 1)}</Badge>
          <Text style={[s.col, { paddingTop: 1 }]}>{item}</Text>
        </View>
      ))}
    </View>
  )
}

/** A filled circle with a number or letter, used for steps, worksheet letters and lists. */
function Badge({ children, size = 16, tone = 'accent' }: { children: string; size?: number; tone?: 'accent' | 'navy' }) {
  return (
    <View
      style={{
        width: size,
        height: size,
        borderRadius: size / 2,
        backgroundColor: tone === 'navy' ? color.ink : color.accent,
        alignItems: 'center',
        justifyContent: 'center',
        marginRight: 8,
      }}
    >
      <Text style={{ color: color.white, fontFamily: 'Helvetica-Bold', fontSize: size * 0.52, lineHeight: 1 }}>{children}</Text>
    </View>
  )
}

function Callout({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <View
      style={{ backgroundColor: color.accentSoft, borderLeftWidth: 3, borderLeftColor: color.accent, padding: 10, paddingLeft: 12 }}
      wrap={false}
    >
      {label ? <Text style={[s.bold, { marginBottom: 3 }]}>{label}</Text> : null}
      <Text>{children}</Text>
    </View>
  )
}

function StepHeading({ step }: { step: GuideStep }) {
  return (
    <View style={{ marginBottom: 10 }}>
      <View style={[s.row, { alignItems: 'center', marginBottom: 5 }]}>
        <Badge size={22}>{String(step.number)}</Badge>
        <Text style={[s.h2, { marginBottom: 0, flex: 1 }]}>
          <Text style={{ color: color.accent }}>
            {guide.labels.step} {step.number}.{' '}
          </Text>
          {step.title}
        </Text>
      </View>
      <Text style={{ color: color.muted }}>{step.lead}</Text>
    </View>
  )
}

/** A ruled line to write on by hand, tall enough for handwriting. */
function WritingLine() {
  return <View style={{ height: 20, borderBottomWidth: 0.75, borderBottomColor: color.box }} />
}

/** A blank box to write a number or word in by hand. */
function FillBox({ height = 22, flex }: { height?: number; flex?: number }) {
  return <View style={{ height, flex, borderWidth: 0.75, borderColor: color.box, borderRadius: 3, backgroundColor: color.white }} />
}

interface Column {
  label: string
  width?: number
  /** Centred, for the narrow score columns. */
  center?: boolean
  /** Shaded, to set the column the reader adds up apart from the rest. */
  tint?: boolean
}

function TableHead({ columns }: { columns: Column[] }) {
  return (
    <View style={[s.row, { backgroundColor: color.navy, paddingVertical: 5 }]}>
      {columns.map((c) => (
        <Text key={c.label} style={[cellStyle(c), { color: color.white, fontFamily: 'Helvetica-Bold', fontSize: 8.5 }]}>
          {c.label}
        </Text>
      ))}
    </View>
  )
}

function cellStyle(column: Column) {
  return {
    ...(column.width ? { width: column.width } : { flex: 1 }),
    paddingHorizontal: 6,
    textAlign: column.center ? ('center' as const) : ('left' as const),
  }
}

/** A table of empty ruled rows for the reader to fill in. */
function BlankTable({ columns, rows, rowHeight = 26 }: { columns: Column[]; rows: number; rowHeight?: number }) {
  return (
    <View style={{ borderWidth: 0.75, borderColor: color.rule }} wrap={false}>
      <TableHead columns={columns} />
      {Array.from({ length: rows }, (_, r) => (
        <View
          key={r}
          style={[
            s.row,
            {
              height: rowHeight,
              borderTopWidth: r === 0 ? 0 : 0.5,
              borderTopColor: color.rule,
              backgroundColor: r % 2 ? color.surface : color.white,
            },
          ]}
        >
          {columns.map((c, i) => (
            <View
              key={c.label}
              style={[
                cellStyle(c),
                i > 0 ? { borderLeftWidth: 0.5, borderLeftColor: color.rule } : {},
                c.tint ? { backgroundColor: color.accentSoft } : {},
              ]}
            />
          ))}
        </View>
      ))}
    </View>
  )
}

// ---------------------------------------------------------------------------------------------
// Page frames

interface PageProps {
  firm: PlaybookFirm
  studies: PlaybookCaseStudy[]
  contents: ContentsEntry[]
}

interface ContentsEntry {
  title: string
  level: 0 | 1
  page: number
}

function ContentPage({ firm, children }: { firm: PlaybookFirm; children: ReactNode }) {
  return (
    <Page size="LETTER" style={s.page}>
      <View style={s.header} fixed>
        <Text>{guide.title}</Text>
        <Text>{firm.siteName}</Text>
      </View>
      {children}
      <View style={s.footer} fixed>
        <Text>{hostOf(firm.siteUrl)}</Text>
        <Text render={({ pageNumber, totalPages }) => `${guide.labels.page} ${pageNumber} ${guide.labels.of} ${totalPages}`} />
      </View>
    </Page>
  )
}

function PartTitle({ eyebrow, title, intro }: { eyebrow: string; title: string; intro: string }) {
  return (
    <View style={{ marginBottom: 4 }}>
      <Eyebrow>{eyebrow}</Eyebrow>
      <Text style={s.title}>{title}</Text>
      <Text style={s.lead}>{intro}</Text>
    </View>
  )
}

// ---------------------------------------------------------------------------------------------
// The pages, in order

function CoverPage({ firm }: PageProps) {
  const { cover } = guide
  return (
    <Page size="LETTER" style={{ backgroundColor: color.navy, color: color.white, fontFamily: 'Helvetica', padding: 64 }}>
      <View style={[s.row, { justifyContent: 'space-between', fontSize: 10 }]}>
        <Text style={s.bold}>{firm.siteName}</Text>
        <Text style={{ color: color.onNavy }}>{hostOf(firm.siteUrl)}</Text>
      </View>
      <View style={{ marginTop: 150 }}>
        <View style={{ width: 56, height: 5, backgroundColor: color.accent, marginBottom: 22 }} />
        <Eyebrow light>{cover.eyebrow}</Eyebrow>
        <Text style={{ fontFamily: 'Helvetica-Bold', fontSize: 42, lineHeight: 1.1, marginTop: 4, marginBottom: 20 }}>{guide.title}</Text>
        <Text style={{ fontSize: 13.5, lineHeight: 1.5, color: color.onNavy, width: 430 }}>{guide.subtitle}</Text>
      </View>
      <View style={{ position: 'absolute', left: 64, right: 64, bottom: 64 }}>
        <Text style={[s.eyebrow, { color: color.accentLine }]}>{cover.insideTitle}</Text>
        {cover.inside.map((item, i) => (
          <View key={item} style={[s.row, { paddingVertical: 7, borderTopWidth: 0.5, borderTopColor: '#33406a', fontSize: 10.5 }]}>
            <Text style={{ width: 26, color: color.accentLine, fontFamily: 'Helvetica-Bold' }}>{String(i + 1).padStart(2, '0')}</Text>
            <Text style={s.col}>{item}</Text>
          </View>
        ))}
        <Text style={{ marginTop: 18, fontSize: 9, color: color.onNavy }}>
          {guide.labels.preparedBy} {firm.siteName}
        </Text>
      </View>
    </Page>
  )
}

function WelcomePage({ firm, contents }: PageProps) {
  const { welcome } = guide
  return (
    <ContentPage firm={firm}>
      <Eyebrow>{welcome.eyebrow}</Eyebrow>
      <Text style={s.title}>{welcome.title}</Text>
      {welcome.paragraphs.map((p) => (
        <Text key={p} style={s.para}>
          {p}
        </Text>
      ))}
      <View style={[s.row, { gap: 24, marginTop: 10 }]}>
        <View style={s.col}>
          <Text style={s.h2}>{welcome.howToTitle}</Text>
          <NumberedList items={welcome.howTo} />
        </View>
        <View style={s.col}>
          <Text style={s.h2}>{welcome.contentsTitle}</Text>
          <Contents entries={contents} />
        </View>
      </View>
      <View style={{ marginTop: 14, backgroundColor: color.surface, borderRadius: 6, padding: 14 }} wrap={false}>
        <Text style={s.h2}>{welcome.termsTitle}</Text>
        {welcome.terms.map((t) => (
          <View key={t.term} style={[s.row, { marginBottom: 4 }]}>
            <Text style={[s.bold, { width: 100 }]}>{t.term}</Text>
            <Text style={s.col}>{t.meaning}</Text>
          </View>
        ))}
      </View>
    </ContentPage>
  )
}

function Contents({ entries }: { entries: ContentsEntry[] }) {
  return (
    <View>
      {entries.map((e) => (
        <View
          key={e.title}
          style={[s.row, { marginBottom: e.level === 0 ? 3 : 2, marginTop: e.level === 0 ? 3 : 0, paddingLeft: e.level === 0 ? 0 : 10 }]}
        >
          <Text style={[s.col, e.level === 0 ? s.bold : { color: color.muted, fontSize: 9 }]}>{e.title}</Text>
          <Text style={[{ width: 20, textAlign: 'right' }, e.level === 0 ? s.bold : { color: color.muted, fontSize: 9 }]}>{e.page}</Text>
        </View>
      ))}
    </View>
  )
}

function StepOnePage({ firm }: PageProps) {
  const { partOne, listJobs } = guide
  return (
    <ContentPage firm={firm}>
      <PartTitle eyebrow={partOne.eyebrow} title={partOne.title} intro={partOne.intro} />
      <StepStrip steps={partOne.steps} />
      <StepHeading step={stepNumber(1)} />
      <View style={[s.row, { gap: 20, marginBottom: 14 }]}>
        <View style={{ flex: 1.4 }}>
          <Text style={s.h3}>{listJobs.whereToLookTitle}</Text>
          <Bullets items={listJobs.whereToLook} gap={3} />
        </View>
        <View style={s.col}>
          <Callout>{listJobs.advice}</Callout>
        </View>
      </View>
      <View wrap={false}>
        <Text style={s.h3}>{listJobs.tableTitle}</Text>
        <BlankTable
          columns={[
            { label: listJobs.columns[0] ?? '', width: 150 },
            { label: listJobs.columns[1] ?? '', width: 90 },
            { label: listJobs.columns[2] ?? '', width: 70, center: true },
            { label: listJobs.columns[3] ?? '' },
          ]}
          rows={listJobs.blankRows}
          rowHeight={24}
        />
      </View>
    </ContentPage>
  )
}

function stepNumber(n: number) {
  const step = guide.partOne.steps.find((st) => st.number === n)
  if (!step) throw new Error(`The playbook content has no step ${n}.`)
  return step
}

/** The six steps at a glance, so the reader sees the whole road before the first step. */
function StepStrip({ steps }: { steps: GuideStep[] }) {
  return (
    <View style={[s.row, { gap: 6, marginBottom: 18 }]}>
      {steps.map((st) => (
        <View
          key={st.number}
          style={{ flex: 1, borderTopWidth: 3, borderTopColor: color.accent, backgroundColor: color.surface, padding: 6, paddingBottom: 7 }}
        >
          <Text style={{ fontFamily: 'Helvetica-Bold', color: color.accent, fontSize: 8 }}>STEP {st.number}</Text>
          <Text style={{ fontSize: 8, lineHeight: 1.3, marginTop: 2 }}>{st.short}</Text>
        </View>
      ))}
    </View>
  )
}

function StepTwoPage({ firm }: PageProps) {
  const { scoreJobs } = guide
  return (
    <ContentPage firm={firm}>
      <StepHeading step={stepNumber(2)} />
      <ScoreCriteria />
      <Text style={[s.h3, { marginTop: 16 }]}>{scoreJobs.gridTitle}</Text>
      <BlankTable
        columns={[
          { label: scoreJobs.gridJobLabel, width: 150 },
          ...scoreJobs.criteria.map((c) => ({ label: c.name, center: true })),
          { label: scoreJobs.gridTotalLabel, width: 50, center: true, tint: true },
        ]}
        rows={scoreJobs.gridBlankRows}
        rowHeight={28}
      />
      <View style={{ marginTop: 14 }}>
        <Callout>{scoreJobs.tip}</Callout>
      </View>
    </ContentPage>
  )
}

function ScoreCriteria() {
  const { criteria, scaleLabels, questionLabel } = guide.scoreJobs
  const columns: Column[] = [{ label: questionLabel, width: 170 }, ...scaleLabels.map((label) => ({ label }))]
  return (
    <View style={{ borderWidth: 0.75, borderColor: color.line }} wrap={false}>
      <TableHead columns={columns} />
      {criteria.map((c, r) => (
        <View
          key={c.name}
          style={[
            s.row,
            {
              paddingVertical: 6,
              borderTopWidth: r === 0 ? 0 : 0.5,
              borderTopColor: color.line,
              backgroundColor: r % 2 ? color.surface : color.white,
            },
          ]}
        >
          <View style={cellStyle(columns[0]!)}>
            <Text style={s.bold}>{c.name}</Text>
            <Text style={{ fontSize: 9, color: color.muted }}>{c.question}</Text>
          </View>
          {c.scale.map((label, i) => (
            <Text key={label} style={[cellStyle({ label: String(i) }), { fontSize: 9 }]}>
              {label}
            </Text>
          ))}
        </View>
      ))}
    </View>
  )
}

function StepsThreeFourPage({ firm }: PageProps) {
  const { pickOne, pilot } = guide
  return (
    <ContentPage firm={firm}>
      <StepHeading step={stepNumber(3)} />
      <View style={{ marginBottom: 18 }}>
        {pickOne.prompts.map((p) => (
          <View key={p.label} style={[s.row, { gap: 16, marginBottom: 10 }]} wrap={false}>
            <View style={{ width: 190 }}>
              <Text style={s.bold}>{p.label}</Text>
              <Text style={s.small}>
                {pickOne.exampleLabel} {p.example}
              </Text>
            </View>
            <View style={s.col}>
              <WritingLine />
              <WritingLine />
            </View>
          </View>
        ))}
      </View>
      <StepHeading step={stepNumber(4)} />
      <View style={[s.row, { gap: 8, marginBottom: 12 }]}>
        {pilot.weeks.map((w) => (
          <View
            key={w.label}
            style={{ flex: 1, borderWidth: 0.75, borderColor: color.line, borderTopWidth: 3, borderTopColor: color.accent, padding: 8 }}
          >
            <Text
              style={{ fontFamily: 'Helvetica-Bold', fontSize: 8, color: color.accent, textTransform: 'uppercase', letterSpacing: 0.8 }}
            >
              {w.label}
            </Text>
            <Text style={[s.bold, { marginBottom: 5 }]}>{w.title}</Text>
            {w.tasks.map((t) => (
              <View key={t} style={[s.row, { marginBottom: 4 }]}>
                <Text style={{ width: 8, fontSize: 8.5, color: color.accent }}>–</Text>
                <Text style={{ flex: 1, fontSize: 8.5, lineHeight: 1.35 }}>{t}</Text>
              </View>
            ))}
          </View>
        ))}
      </View>
      <Callout>{pilot.tip}</Callout>
    </ContentPage>
  )
}

function StepsFiveSixPage({ firm }: PageProps) {
  const { measure, decide } = guide
  const columns: Column[] = [
    { label: measure.columns[0] ?? '', width: 230 },
    { label: measure.columns[1] ?? '' },
    { label: measure.columns[2] ?? '' },
  ]
  return (
    <ContentPage firm={firm}>
      <StepHeading step={stepNumber(5)} />
      <View style={{ borderWidth: 0.75, borderColor: color.rule, marginBottom: 8 }} wrap={false}>
        <TableHead columns={columns} />
        {measure.rows.map((label, r) => (
          <View
            key={label}
            style={[
              s.row,
              {
                height: 28,
                alignItems: 'center',
                borderTopWidth: r === 0 ? 0 : 0.5,
                borderTopColor: color.rule,
                backgroundColor: r % 2 ? color.surface : color.white,
              },
            ]}
          >
            <Text style={cellStyle(columns[0]!)}>{label}</Text>
            <View style={[cellStyle(columns[1]!), { height: 28, borderLeftWidth: 0.5, borderLeftColor: color.rule }]} />
            <View style={[cellStyle(columns[2]!), { height: 28, borderLeftWidth: 0.5, borderLeftColor: color.rule }]} />
          </View>
        ))}
      </View>
      <Text style={[s.small, { marginBottom: 18 }]}>{measure.note}</Text>
      <StepHeading step={stepNumber(6)} />
      <View style={[s.row, { gap: 8, marginBottom: 16 }]}>
        {decide.outcomes.map((o) => (
          <View key={o.label} style={{ flex: 1, backgroundColor: color.surface, borderRadius: 6, padding: 10 }}>
            <Text style={[s.h3, { color: color.accent }]}>{o.label}</Text>
            <Text style={[s.bold, { fontSize: 8.5 }]}>{decide.whenLabel}</Text>
            <Text style={{ fontSize: 9, marginBottom: 5 }}>{o.when}</Text>
            <Text style={[s.bold, { fontSize: 8.5 }]}>{decide.nextLabel}</Text>
            <Text style={{ fontSize: 9 }}>{o.next}</Text>
          </View>
        ))}
      </View>
      <View style={{ borderTopWidth: 0.75, borderTopColor: color.line, paddingTop: 12 }} wrap={false}>
        <Text style={s.h3}>{decide.mistakesTitle}</Text>
        <NumberedList items={decide.mistakes} />
      </View>
    </ContentPage>
  )
}

function RoiPage({ firm }: PageProps) {
  const { worksheet } = guide
  return (
    <ContentPage firm={firm}>
      <Eyebrow>{worksheet.eyebrow}</Eyebrow>
      <Text style={[s.title, { marginBottom: 2 }]}>{worksheet.title}</Text>
      <Text style={[s.h2, { color: color.muted, fontFamily: 'Helvetica' }]}>{worksheet.subtitle}</Text>
      <Text style={s.para}>{worksheet.intro}</Text>
      <View style={[s.row, { gap: 22, marginTop: 6 }]}>
        <View style={{ flex: 1.15 }}>
          <Text style={s.h3}>{worksheet.inputsTitle}</Text>
          {worksheet.inputs.map((input) => (
            <View key={input.key} style={[s.row, { marginBottom: 5 }]}>
              <Badge>{input.key}</Badge>
              <View style={s.col}>
                <Text style={[s.bold, { fontSize: 9.5 }]}>{input.label}</Text>
                <Text style={{ fontSize: 8.5, color: color.muted, lineHeight: 1.3 }}>{input.hint}</Text>
              </View>
            </View>
          ))}
        </View>
        <View style={s.col}>
          <Text style={s.h3}>{worksheet.linesTitle}</Text>
          {worksheet.lines.map((line) => (
            <View key={line.number} style={{ marginBottom: 5, paddingBottom: 5, borderBottomWidth: 0.5, borderBottomColor: color.line }}>
              <Text style={[s.bold, { fontSize: 9.5 }]}>
                {line.number}. {line.label}
              </Text>
              <Text style={{ fontFamily: 'Helvetica-Bold', fontSize: 9.5, color: color.accent, marginTop: 1 }}>= {line.formula}</Text>
            </View>
          ))}
          <Text style={s.small}>{worksheet.weeksNote}</Text>
        </View>
      </View>
      <WorkedExample />
    </ContentPage>
  )
}

function WorkedExample() {
  const { worksheet } = guide
  return (
    <View style={{ marginTop: 12, backgroundColor: color.accentSoft, borderRadius: 6, padding: 14 }} wrap={false}>
      <Text style={s.h2}>{worksheet.exampleTitle}</Text>
      <Text style={{ marginBottom: 8, fontSize: 9.5 }}>{worksheet.exampleStory}</Text>
      {worksheet.lines.map((line) => (
        <View key={line.number} style={[s.row, { paddingVertical: 3, borderTopWidth: 0.5, borderTopColor: color.accentLine }]}>
          <Text style={{ width: 170, fontSize: 9.5 }}>
            {line.number}. {line.label}
          </Text>
          <Text style={{ flex: 1, fontSize: 9.5, color: color.muted }}>{formulaWithNumbers(line.formula, exampleResult)}</Text>
          <Text
            style={[
              s.bold,
              {
                width: 80,
                textAlign: 'right',
                fontSize: line.number === 5 ? 11 : 9.5,
                color: line.number === 5 ? color.accent : color.ink,
              },
            ]}
          >
            {formatValue(lineValue(exampleResult, line.number), line.unit)}
          </Text>
        </View>
      ))}
      <Text style={{ marginTop: 6, fontSize: 9.5 }}>{worksheet.exampleVerdict}</Text>
    </View>
  )
}

const fillColumns = { label: 246, example: 72 }

function RoiFillPage({ firm }: PageProps) {
  const { worksheet } = guide
  return (
    <ContentPage firm={firm}>
      <Eyebrow>{worksheet.eyebrow}</Eyebrow>
      <Text style={[s.title, { marginBottom: 6 }]}>{worksheet.fillTitle}</Text>
      <Text style={[s.para, { color: color.muted }]}>{worksheet.fillIntro}</Text>
      <FillHeader />
      <FillGroup label={worksheet.fillInputsLabel}>
        {worksheet.inputs.map((input) => (
          <FillRow
            key={input.key}
            badge={input.key}
            label={input.label}
            detail={input.hint}
            example={formatValue(input.example, input.unit)}
          />
        ))}
      </FillGroup>
      <FillGroup label={worksheet.fillLinesLabel}>
        {worksheet.lines.map((line) => (
          <FillRow
            key={line.number}
            result
            total={line.number === worksheet.lines.length}
            badge={String(line.number)}
            label={line.label}
            detail={`= ${line.formula}`}
            example={exampleFor(line)}
          />
        ))}
      </FillGroup>
      <View style={[s.row, { gap: 22, marginTop: 12 }]} wrap={false}>
        <View style={s.col}>
          <Text style={s.h3}>{worksheet.cautionsTitle}</Text>
          <Bullets items={worksheet.cautions} gap={2} />
        </View>
        <View style={s.col}>
          <Text style={s.h3}>{worksheet.fillGoalPrompt}</Text>
          <WritingLine />
          <WritingLine />
          <WritingLine />
        </View>
      </View>
    </ContentPage>
  )
}

function exampleFor(line: RoiLine) {
  return formatValue(lineValue(exampleResult, line.number), line.unit)
}

function FillHeader() {
  const [, example = '', first = '', second = ''] = guide.worksheet.fillColumns
  return (
    <View
      style={[
        s.row,
        {
          marginBottom: 2,
          fontSize: 7.5,
          fontFamily: 'Helvetica-Bold',
          color: color.faint,
          textTransform: 'uppercase',
          letterSpacing: 0.6,
        },
      ]}
    >
      <Text style={{ width: fillColumns.label }} />
      <Text style={{ width: fillColumns.example, textAlign: 'right', paddingRight: 10 }}>{example}</Text>
      <Text style={[s.col, { paddingLeft: 2 }]}>{first}</Text>
      <Text style={[s.col, { paddingLeft: 8 }]}>{second}</Text>
    </View>
  )
}

function FillGroup({ label, children }: { label: string; children: ReactNode }) {
  return (
    <View style={{ marginTop: 10 }} wrap={false}>
      <Text style={[s.eyebrow, { color: color.ink, marginBottom: 3 }]}>{label}</Text>
      {children}
    </View>
  )
}

/** One worksheet row: what to write, the example's value, and two boxes. Results are set apart in navy. */
function FillRow(props: { badge: string; label: string; detail: string; example: string; result?: boolean; total?: boolean }) {
  const { badge, label, detail, example, result, total } = props
  return (
    <View style={[s.row, { alignItems: 'center', paddingVertical: 3, borderTopWidth: 0.5, borderTopColor: color.line }]}>
      <View style={[s.row, { width: fillColumns.label, alignItems: 'center' }]}>
        <Badge tone={result ? 'navy' : 'accent'}>{badge}</Badge>
        <View style={s.col}>
          <Text style={[s.bold, { fontSize: 9, lineHeight: 1.3 }]}>{label}</Text>
          <Text style={{ fontSize: 8, color: color.muted, lineHeight: 1.3 }}>{detail}</Text>
        </View>
      </View>
      <Text
        style={[
          s.bold,
          {
            width: fillColumns.example,
            textAlign: 'right',
            paddingRight: 10,
            fontSize: total ? 10.5 : 9.5,
            color: total ? color.accent : result ? color.ink : color.muted,
          },
        ]}
      >
        {example}
      </Text>
      <View style={[s.row, s.col, { gap: 10 }]}>
        <FillBox flex={1} height={24} />
        <FillBox flex={1} height={24} />
      </View>
    </View>
  )
}

function CaseStudiesPage({ firm, studies: all, first }: PageProps & { first: boolean }) {
  const part = guide.caseStudiesPart
  const studies = first ? all.slice(0, 2) : all.slice(2, PRINTED_STUDIES)
  return (
    <ContentPage firm={firm}>
      {first ? <PartTitle eyebrow={part.eyebrow} title={part.title} intro={part.intro} /> : null}
      {studies.map((study, i) => (
        <CaseStudy key={study.slug} study={study} siteUrl={firm.siteUrl} last={i === studies.length - 1} />
      ))}
      {first ? null : <CaseStudiesCommon />}
    </ContentPage>
  )
}

/** Closes Part 3 by tying the stories back to the six steps. */
function CaseStudiesCommon() {
  const part = guide.caseStudiesPart
  return (
    <View style={{ marginTop: 14 }} wrap={false}>
      <View style={{ backgroundColor: color.surface, borderRadius: 6, padding: 12, marginBottom: 8 }}>
        <Text style={[s.h3, { marginBottom: 4 }]}>{part.commonTitle}</Text>
        <Bullets items={part.common} gap={1} />
      </View>
      <Text style={s.small}>{part.note}</Text>
    </View>
  )
}

/** One story, its texts clipped to fit half a page; the whole story's address is printed under it. */
function CaseStudy({ study, siteUrl, last }: { study: PlaybookCaseStudy; siteUrl: string; last: boolean }) {
  const part = guide.caseStudiesPart
  const { headline, testimonial } = study
  return (
    <View
      style={{
        paddingBottom: last ? 0 : 10,
        marginBottom: last ? 0 : 10,
        borderBottomWidth: last ? 0 : 0.75,
        borderBottomColor: color.line,
      }}
      wrap={false}
    >
      <View style={[s.row, { justifyContent: 'space-between', alignItems: 'flex-start', gap: 12, marginBottom: 8 }]}>
        <View style={s.col}>
          <Text style={[s.h2, { fontSize: 14, marginBottom: 1 }]}>{clipped(study.title, 64)}</Text>
          <Text style={{ color: color.muted }}>{clipped(study.client, 50)}</Text>
        </View>
        <Text
          style={[
            s.eyebrow,
            {
              backgroundColor: color.accentSoft,
              lineHeight: 1,
              paddingTop: 5,
              paddingBottom: 4,
              paddingHorizontal: 7,
              borderRadius: 3,
              marginBottom: 0,
            },
          ]}
        >
          {clipped(study.industry, 24)}
        </Text>
      </View>
      <View style={[s.row, { gap: 18, marginBottom: 8 }]}>
        <View style={s.col}>
          <Text style={[s.h3, { marginBottom: 2 }]}>{part.problemLabel}</Text>
          <Text style={{ fontSize: 9.5 }}>{clipped(study.challenge, 140)}</Text>
        </View>
        <View style={s.col}>
          <Text style={[s.h3, { marginBottom: 2 }]}>{part.builtLabel}</Text>
          <Text style={{ fontSize: 9.5 }}>{clipped(study.solution, 140)}</Text>
        </View>
      </View>
      <Text style={[s.h3, { marginBottom: 4 }]}>{part.resultLabel}</Text>
      <View style={[s.row, { gap: 12, marginBottom: 8 }]}>
        {headline ? (
          <View style={{ width: 130, backgroundColor: color.accentSoft, borderRadius: 6, paddingVertical: 6, paddingHorizontal: 9 }}>
            <Text style={{ fontFamily: 'Helvetica-Bold', fontSize: 15, color: color.accent, lineHeight: 1.1 }}>
              {clipped(headline.figure, 14)}
            </Text>
            <Text style={{ fontSize: 8.5, lineHeight: 1.3, marginTop: 2 }}>{clipped(headline.label, 40)}</Text>
          </View>
        ) : null}
        <View style={[s.col, { fontSize: 9 }]}>
          <Bullets items={study.results.slice(0, 3).map((result) => clipped(result, 70))} gap={1} />
        </View>
      </View>
      <Text style={{ fontFamily: 'Helvetica-Oblique', fontSize: 9, color: color.muted }}>
        {`\u201c${clipped(testimonial.quote, 120)}\u201d `}
        <Text
          style={{ fontFamily: 'Helvetica', fontSize: 8.5 }}
        >{`\u2014 ${clipped(testimonial.author, 40)}, ${clipped(testimonial.position, 40)}`}</Text>
      </Text>
      <Text style={[s.small, { marginTop: 4 }]}>
        {`${part.storyLabel} `}
        <Link src={`${siteUrl.replace(/\/$/, '')}${caseStudyHref(study.slug)}`} style={{ color: color.accent, textDecoration: 'none' }}>
          {`${hostOf(siteUrl)}${caseStudyHref(study.slug)}`}
        </Link>
      </Text>
    </View>
  )
}

function ClosingPage({ firm }: PageProps) {
  const { closing } = guide
  return (
    <ContentPage firm={firm}>
      <Eyebrow>{closing.eyebrow}</Eyebrow>
      <Text style={[s.title, { fontSize: 26 }]}>{closing.title}</Text>
      <Text style={s.lead}>{closing.lead}</Text>
      <View style={[s.row, { gap: 24, marginBottom: 18 }]}>
        <View style={s.col}>
          <Text style={s.h2}>{closing.coverTitle}</Text>
          <Bullets items={closing.cover} />
        </View>
        <View style={s.col}>
          <Text style={s.h2}>{closing.bringTitle}</Text>
          <Bullets items={closing.bring} />
        </View>
      </View>
      <Text style={s.h2}>{closing.howTitle}</Text>
      <View style={[s.row, { gap: 10, marginBottom: 18 }]}>
        {closing.how.map((step, i) => (
          <View key={step.title} style={{ flex: 1, backgroundColor: color.surface, borderRadius: 6, padding: 12 }}>
            <View style={[s.row, { alignItems: 'center', marginBottom: 5 }]}>
              <Badge>{String(i + 1)}</Badge>
              <Text style={s.bold}>{step.title}</Text>
            </View>
            <Text style={{ fontSize: 9.5 }}>{step.text}</Text>
          </View>
        ))}
      </View>
      <Callout>{closing.promise}</Callout>
      <ContactCard firm={firm} />
    </ContentPage>
  )
}

function ContactCard({ firm }: { firm: PlaybookFirm }) {
  const { closing } = guide
  const rows = [
    { label: closing.bookLabel, value: hostOf(firm.bookingUrl), href: firm.bookingUrl },
    ...(firm.email ? [{ label: closing.emailLabel, value: firm.email, href: `mailto:${firm.email}` }] : []),
    ...(firm.phone ? [{ label: closing.phoneLabel, value: firm.phone, href: null }] : []),
  ]
  return (
    <View style={{ marginTop: 20, backgroundColor: color.navy, borderRadius: 8, padding: 22, color: color.white }} wrap={false}>
      <View style={{ width: 40, height: 4, backgroundColor: color.accent, marginBottom: 12 }} />
      <Text style={{ fontFamily: 'Helvetica-Bold', fontSize: 16, marginBottom: 12 }}>{closing.contactTitle}</Text>
      {rows.map((row) => (
        <View key={row.label} style={[s.row, { marginBottom: 6, fontSize: 11 }]}>
          <Text style={{ width: 90, color: color.onNavy }}>{row.label}</Text>
          <Text style={[s.col, s.bold]}>
            {row.href ? (
              <Link src={row.href} style={{ color: color.white, textDecoration: 'none' }}>
                {row.value}
              </Link>
            ) : (
              row.value
            )}
          </Text>
        </View>
      ))}
      <Text style={{ marginTop: 12, fontSize: 10, color: color.onNavy }}>{closing.signOff}</Text>
      <Text style={{ fontSize: 10, color: color.white }}>{`\u2014 ${closing.signature} ${firm.siteName}`}</Text>
    </View>
  )
}

// ---------------------------------------------------------------------------------------------
// The page plan: one entry per sheet, with the lines it adds to the contents.

interface PlannedPage {
  contents?: Omit<ContentsEntry, 'page'>[]
  Component: (props: PageProps) => ReactElement
}

function stepEntry(n: number): Omit<ContentsEntry, 'page'> {
  return { title: `${guide.labels.step} ${n}. ${stepNumber(n).title}`, level: 1 }
}

const plan: PlannedPage[] = [
  { Component: CoverPage },
  { Component: WelcomePage },
  { contents: [{ title: `${guide.partOne.eyebrow}: ${guide.partOne.title}`, level: 0 }, stepEntry(1)], Component: StepOnePage },
  { contents: [stepEntry(2)], Component: StepTwoPage },
  { contents: [stepEntry(3), stepEntry(4)], Component: StepsThreeFourPage },
  { contents: [stepEntry(5), stepEntry(6)], Component: StepsFiveSixPage },
  { contents: [{ title: `${guide.worksheet.eyebrow}: ${guide.worksheet.title}`, level: 0 }], Component: RoiPage },
  { contents: [{ title: guide.worksheet.fillTitle, level: 1 }], Component: RoiFillPage },
  {
    contents: [{ title: `${guide.caseStudiesPart.eyebrow}: ${guide.caseStudiesPart.title}`, level: 0 }],
    Component: (props) => <CaseStudiesPage {...props} first />,
  },
  { Component: (props) => <CaseStudiesPage {...props} first={false} /> },
  { contents: [{ title: guide.closing.contactTitle, level: 0 }], Component: ClosingPage },
]

/** How many pages the PDF has when every page fits its sheet. */
export const playbookPageCount = plan.length

function contentsOf(pages: PlannedPage[]): ContentsEntry[] {
  return pages.flatMap((p, i) => (p.contents ?? []).map((entry) => ({ ...entry, page: i + 1 })))
}

function PlaybookDocument({ firm, studies }: { firm: PlaybookFirm; studies: PlaybookCaseStudy[] }) {
  const contents = contentsOf(plan)
  return (
    <Document title={guide.title} author={firm.siteName} creator={firm.siteName} subject={guide.subtitle} language="en-US">
      {plan.map(({ Component }, i) => (
        <Component key={i} firm={firm} studies={studies} contents={contents} />
      ))}
    </Document>
  )
}

export async function renderPlaybookPdf(firm: PlaybookFirm, studies: PlaybookCaseStudy[]): Promise<Buffer> {
  return renderToBuffer(<PlaybookDocument firm={firm} studies={studies} />)
}

/**
 * A short fingerprint of everything that decides the PDF's content: store the PDF beside it and
 * render again only when it changes. Only the firm fields and the parts of the stories it prints are
 * read, so passing a whole settings record or study with unrelated fields (or an empty e-mail instead
 * of none) does not force a new edition.
 */
export function playbookEdition(firm: PlaybookFirm, studies: PlaybookCaseStudy[]): string {
  const { siteName, siteUrl, bookingUrl, email = '', phone = '' } = firm
  const told = studies
    .slice(0, PRINTED_STUDIES)
    .map(({ slug, title, client, industry, challenge, solution, results, testimonial, headline }) => ({
      slug,
      title,
      client,
      industry,
      challenge,
      solution,
      results,
      testimonial,
      headline,
    }))
  const input = JSON.stringify({ version: PDF_VERSION, guide, firm: { siteName, siteUrl, bookingUrl, email, phone }, studies: told })
  return createHash('sha256').update(input).digest('hex').slice(0, 16)
}
