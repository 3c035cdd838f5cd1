import type { BlockType } from '~/lib/blocks/catalog'

/*
 * A small schematic of each kind of block for the editor's block library, in the site's palette: a
 * picture says faster than a sentence which band is which. Drawn inline, so the library needs no files.
 */

const NAVY = '#0b1533'
const BLUE = '#2563eb'
const VIOLET = '#7c3aed'
const TINT = '#e6ebf7'
const PAPER = '#f5f7fc'
const LINE = '#cbd5e1'

/** A rounded bar: a line of text, a button, a card. */
const Bar = ({ x, y, w, h = 4, fill = LINE }: { x: number; y: number; w: number; h?: number; fill?: string }) => (
  <rect x={x} y={y} width={w} height={h} rx={Math.min(h / 2, 3)} fill={fill} />
)

/** A card with a tinted icon and two lines, at (x, y). */
const MiniCard = ({ x, y, w = 32, accent = BLUE }: { x: number; y: number; w?: number; accent?: string }) => (
  <g>
    <rect x={x} y={y} width={w} height={26} rx={3} fill="#fff" stroke={LINE} />
    <rect x={x + 4} y={y + 4} width={7} height={7} rx={2} fill={accent} opacity={0.8} />
    <Bar x={x + 4} y={y + 14} w={w - 10} h={3} fill={NAVY} />
    <Bar x={x + 4} y={y + 20} w={w - 14} h={2} />
  </g>
)

const Heading = ({ y = 8, light = false }: { y?: number; light?: boolean }) => (
  <>
    <Bar x={44} y={y} w={32} h={3} fill={BLUE} />
    <Bar x={30} y={y + 6} w={60} h={5} fill={light ? '#fff' : NAVY} />
  </>
)

const PICTURES: Record<BlockType, React.ReactNode> = {
  hero: (
    <>
      <rect width={120} height={72} fill={PAPER} />
      <Bar x={10} y={10} w={34} h={3} fill={BLUE} />
      <Bar x={10} y={17} w={60} h={6} fill={NAVY} />
      <Bar x={10} y={26} w={44} h={6} fill={VIOLET} />
      <Bar x={10} y={37} w={54} h={3} />
      <Bar x={10} y={43} w={48} h={3} />
      <Bar x={10} y={53} w={36} h={8} fill={BLUE} />
      <rect x={80} y={12} width={30} height={48} rx={4} fill="#fff" stroke={LINE} />
      <Bar x={85} y={19} w={18} h={4} fill={BLUE} />
      <Bar x={85} y={33} w={18} h={4} fill={VIOLET} />
      <Bar x={85} y={47} w={18} h={4} fill={BLUE} />
    </>
  ),
  'page-header': (
    <>
      <rect width={120} height={72} fill={PAPER} />
      <Bar x={44} y={16} w={32} h={3} fill={BLUE} />
      <Bar x={20} y={24} w={80} h={7} fill={NAVY} />
      <Bar x={28} y={37} w={64} h={3} />
      <Bar x={34} y={43} w={52} h={3} />
      <Bar x={42} y={52} w={36} h={8} fill={BLUE} />
    </>
  ),
  'client-marks': (
    <>
      <Bar x={30} y={16} w={60} h={4} fill={NAVY} />
      {[8, 36, 64, 92].map((x) => (
        <rect key={x} x={x} y={32} width={20} height={12} rx={3} fill={TINT} />
      ))}
    </>
  ),
  'card-grid': (
    <>
      <Heading />
      <MiniCard x={6} y={28} />
      <MiniCard x={44} y={28} accent={VIOLET} />
      <MiniCard x={82} y={28} accent="#0d9488" />
    </>
  ),
  steps: (
    <>
      <rect width={120} height={72} fill={NAVY} />
      <Heading light />
      <Bar x={14} y={42} w={92} h={2} fill={BLUE} />
      {[14, 44, 74, 104].map((x, index) => (
        <g key={x}>
          <circle cx={x} cy={43} r={5} fill={index % 2 ? VIOLET : BLUE} />
          <Bar x={x - 8} y={53} w={16} h={3} fill="#fff" />
        </g>
      ))}
    </>
  ),
  figures: (
    <>
      <Heading />
      {[8, 46, 84].map((x, index) => (
        <g key={x}>
          <Bar x={x} y={32} w={28} h={9} fill={index === 1 ? VIOLET : BLUE} />
          <Bar x={x} y={46} w={24} h={3} fill={NAVY} />
          <Bar x={x} y={52} w={20} h={2} />
        </g>
      ))}
    </>
  ),
  'case-studies': (
    <>
      <Heading />
      {[6, 44, 82].map((x) => (
        <g key={x}>
          <rect x={x} y={26} width={32} height={38} rx={3} fill="#fff" stroke={LINE} />
          <rect x={x} y={26} width={32} height={14} rx={3} fill={TINT} />
          <Bar x={x + 4} y={45} w={22} h={3} fill={NAVY} />
          <Bar x={x + 4} y={52} w={18} h={2} />
        </g>
      ))}
    </>
  ),
  'featured-proof': (
    <>
      <Heading y={4} />
      <rect x={6} y={18} width={108} height={26} rx={3} fill="#fff" stroke={LINE} />
      <rect x={6} y={18} width={40} height={26} rx={3} fill={TINT} />
      <Bar x={52} y={23} w={22} h={4} fill={NAVY} />
      <Bar x={52} y={31} w={54} h={2} />
      <Bar x={52} y={36} w={44} h={2} />
      {[6, 44, 82].map((x) => (
        <g key={x}>
          <rect x={x} y={48} width={32} height={20} rx={3} fill="#fff" stroke={LINE} />
          <Bar x={x + 4} y={52} w={12} h={4} fill={NAVY} />
          <Bar x={x + 4} y={60} w={22} h={2} />
        </g>
      ))}
    </>
  ),
  testimonials: (
    <>
      <rect width={120} height={72} fill={PAPER} />
      <Heading />
      {[8, 64].map((x) => (
        <g key={x}>
          <rect x={x} y={26} width={48} height={38} rx={3} fill="#fff" stroke={LINE} />
          <text x={x + 5} y={40} fontSize={14} fontFamily="serif" fill={VIOLET}>
            “
          </text>
          <Bar x={x + 5} y={42} w={38} h={2} />
          <Bar x={x + 5} y={47} w={32} h={2} />
          <circle cx={x + 9} cy={57} r={3} fill={TINT} />
          <Bar x={x + 15} y={56} w={18} h={2} fill={NAVY} />
        </g>
      ))}
    </>
  ),
  'cta-band': (
    <>
      <rect x={6} y={12} width={108} height={48} rx={6} fill={BLUE} />
      <rect x={60} y={12} width={54} height={48} rx={6} fill={VIOLET} opacity={0.6} />
      <Bar x={26} y={24} w={68} h={5} fill="#fff" />
      <Bar x={32} y={34} w={56} h={3} fill={TINT} />
      <Bar x={42} y={43} w={36} h={8} fill="#fff" />
    </>
  ),
  'contact-details': (
    <>
      <Heading />
      <rect x={20} y={30} width={80} height={30} rx={4} fill={PAPER} stroke={LINE} />
      <rect x={26} y={37} width={8} height={6} rx={1} fill={BLUE} />
      <Bar x={38} y={38} w={40} h={3} fill={NAVY} />
      {[38, 48, 58].map((x) => (
        <circle key={x} cx={x} cy={52} r={3} fill={VIOLET} opacity={0.7} />
      ))}
    </>
  ),
  split: (
    <>
      <Bar x={8} y={14} w={46} h={6} fill={NAVY} />
      <Bar x={8} y={26} w={46} h={3} />
      <Bar x={8} y={32} w={40} h={3} />
      <Bar x={8} y={38} w={44} h={3} />
      <rect x={8} y={47} width={46} height={14} rx={3} fill={TINT} />
      <rect x={64} y={12} width={48} height={50} rx={4} fill={PAPER} stroke={LINE} />
      {[22, 33, 44].map((y) => (
        <g key={y}>
          <circle cx={72} cy={y + 1} r={2.5} fill={BLUE} />
          <Bar x={78} y={y} w={28} h={3} fill={NAVY} />
        </g>
      ))}
    </>
  ),
  services: (
    <>
      {[0, 24, 48].map((y, index) => (
        <g key={y}>
          <rect y={y} width={120} height={24} fill={index === 2 ? NAVY : index === 1 ? TINT : '#fff'} />
          <rect x={index === 1 ? 96 : 8} y={y + 6} width={12} height={12} rx={3} fill={BLUE} opacity={0.8} />
          <Bar x={index === 1 ? 8 : 26} y={y + 8} w={40} h={4} fill={index === 2 ? '#fff' : NAVY} />
          <Bar x={index === 1 ? 8 : 26} y={y + 15} w={54} h={2} />
        </g>
      ))}
    </>
  ),
  faq: (
    <>
      <Heading />
      {[26, 37, 48, 59].map((y, index) => (
        <g key={y}>
          <rect x={14} y={y} width={92} height={8} rx={2} fill={index === 0 ? TINT : '#fff'} stroke={LINE} />
          <Bar x={18} y={y + 3} w={52} h={2} fill={NAVY} />
          <Bar x={98} y={y + 3} w={4} h={2} fill={BLUE} />
        </g>
      ))}
    </>
  ),
  partners: (
    <>
      <Heading />
      {[24, 46, 68].map((x, index) => (
        <Bar key={x} x={x} y={26} w={20} h={6} fill={index === 0 ? BLUE : TINT} />
      ))}
      {[8, 46, 84].map((x) => (
        <g key={x}>
          <rect x={x} y={38} width={28} height={26} rx={3} fill="#fff" stroke={LINE} />
          <circle cx={x + 14} cy={48} r={5} fill={TINT} />
          <Bar x={x + 6} y={57} w={16} h={2} fill={NAVY} />
        </g>
      ))}
    </>
  ),
  team: (
    <>
      <Heading />
      {[12, 44, 76].map((x) => (
        <g key={x}>
          <circle cx={x + 16} cy={38} r={9} fill={TINT} />
          <circle cx={x + 16} cy={35} r={3.5} fill={LINE} />
          <Bar x={x + 4} y={52} w={24} h={3} fill={NAVY} />
          <Bar x={x + 8} y={58} w={16} h={2} fill={BLUE} />
        </g>
      ))}
    </>
  ),
  locations: (
    <>
      <Heading />
      {[8, 46, 84].map((x) => (
        <g key={x}>
          <rect x={x} y={30} width={28} height={30} rx={3} fill={PAPER} stroke={LINE} />
          <path d={`M${x + 14} 48 l-5 -7 a6 6 0 1 1 10 0 z`} fill={VIOLET} />
          <Bar x={x + 5} y={52} w={18} h={3} fill={NAVY} />
        </g>
      ))}
    </>
  ),
  'rich-text': (
    <>
      <Bar x={20} y={10} w={56} h={6} fill={NAVY} />
      {[22, 28, 34].map((y) => (
        <Bar key={y} x={20} y={y} w={y === 34 ? 60 : 80} h={3} />
      ))}
      <Bar x={20} y={43} w={40} h={4} fill={NAVY} />
      {[52, 58].map((y) => (
        <g key={y}>
          <circle cx={23} cy={y + 1.5} r={1.5} fill={BLUE} />
          <Bar x={28} y={y} w={y === 58 ? 50 : 66} h={3} />
        </g>
      ))}
    </>
  ),
  'contact-form': (
    <>
      <rect x={6} y={8} width={66} height={56} rx={4} fill="#fff" stroke={LINE} />
      <Bar x={12} y={14} w={34} h={4} fill={NAVY} />
      {[24, 34, 44].map((y) => (
        <rect key={y} x={12} y={y} width={54} height={6} rx={2} fill={PAPER} stroke={LINE} />
      ))}
      <Bar x={12} y={54} w={26} h={6} fill={BLUE} />
      <rect x={78} y={8} width={36} height={26} rx={4} fill={TINT} />
      <Bar x={83} y={14} w={24} h={3} fill={NAVY} />
      <Bar x={83} y={24} w={18} h={5} fill={BLUE} />
      <rect x={78} y={38} width={36} height={26} rx={4} fill={PAPER} stroke={LINE} />
      <Bar x={83} y={45} w={24} h={3} fill={NAVY} />
    </>
  ),
  'playbook-form': (
    <>
      <Bar x={8} y={10} w={44} h={5} fill={NAVY} />
      {[22, 30, 38].map((y) => (
        <g key={y}>
          <circle cx={10} cy={y + 1.5} r={2} fill="#059669" />
          <Bar x={15} y={y} w={36} h={3} />
        </g>
      ))}
      <rect x={62} y={8} width={52} height={56} rx={4} fill="#fff" stroke={LINE} />
      <Bar x={68} y={14} w={30} h={4} fill={NAVY} />
      {[24, 34].map((y) => (
        <rect key={y} x={68} y={y} width={40} height={6} rx={2} fill={PAPER} stroke={LINE} />
      ))}
      <Bar x={68} y={46} w={40} h={8} fill={VIOLET} />
      <rect x={8} y={48} width={46} height={16} rx={3} fill={TINT} />
      <Bar x={12} y={54} w={20} h={4} fill={BLUE} />
    </>
  ),
  'latest-posts': (
    <>
      <Heading />
      {[6, 44, 82].map((x) => (
        <g key={x}>
          <rect x={x} y={26} width={32} height={14} rx={3} fill={TINT} />
          <Bar x={x} y={44} w={8} h={2} fill={BLUE} />
          <Bar x={x} y={49} w={30} h={3} fill={NAVY} />
          <Bar x={x} y={55} w={24} h={2} />
        </g>
      ))}
    </>
  ),
  'industry-cards': (
    <>
      <Heading />
      {[6, 44, 82].map((x, index) => (
        <g key={x}>
          <rect x={x} y={28} width={32} height={34} rx={3} fill="#fff" stroke={LINE} />
          <rect x={x + 4} y={32} width={8} height={8} rx={2} fill={index === 1 ? VIOLET : BLUE} />
          <Bar x={x + 4} y={45} w={22} h={3} fill={NAVY} />
          <Bar x={x + 4} y={53} w={16} h={2} fill={BLUE} />
        </g>
      ))}
    </>
  ),
  // Three packages, each with its price in the gold kept for figures, and the promise below.
  pricing: (
    <>
      <Heading y={4} />
      {[6, 44, 82].map((x) => (
        <g key={x}>
          <rect x={x} y={18} width={32} height={36} rx={3} fill="#fff" stroke={LINE} />
          <Bar x={x + 4} y={22} w={16} h={3} fill={NAVY} />
          <Bar x={x + 4} y={29} w={20} h={6} fill="#b45309" />
          <Bar x={x + 4} y={40} w={22} h={2} />
          <Bar x={x + 4} y={46} w={18} h={2} />
        </g>
      ))}
      <rect x={6} y={58} width={108} height={10} rx={3} fill={TINT} />
      <Bar x={84} y={61} w={26} h={4} fill={NAVY} />
    </>
  ),
}

/** The schematic of a kind of block; decorative, as its label and description say what it is. */
export function BlockPicture({ type, className }: { type: BlockType; className?: string }) {
  return (
    <svg viewBox="0 0 120 72" aria-hidden focusable="false" className={className}>
      <rect width={120} height={72} rx={6} fill="#fff" />
      {PICTURES[type]}
    </svg>
  )
}
