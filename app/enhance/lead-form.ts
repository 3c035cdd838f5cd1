/*
 * The lead forms' script, a bundle of its own beside the one every public page loads (app/root.tsx
 * loads it where a route's handle names it), as zod is most of its weight. The playbook's ROI
 * calculator needs zod too, so it is wired from here rather than from a script carrying a second copy.
 */
import { leadForm } from '~/components/site/lead-form.enhance'
import { roiCalculator } from '~/components/site/roi-calculator.enhance'
import { enhancePage } from './enhancement'

enhancePage([leadForm, roiCalculator])
