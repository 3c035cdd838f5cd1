import type { PageSeed } from '~/lib/page-content'
import { solutionsPage } from './solutions'
import { howWeHelpPage } from './how-we-help'
import { industriesPage } from './industries'
import { partnersPage } from './partners'
import { aboutPage } from './about'
import { contactPage } from './contact'
import { resourcesPage } from './resources'
import { faqPage } from './faq'
import { aiPlaybookPage } from './ai-playbook'
import { privacyPage } from './privacy'
import { termsPage } from './terms'
import { homePage } from './home'
import { industryPages } from './industry-pages'

/**
 * The site's pages as first seeded, with the words the site launched with; after that they live in the
 * database and are edited under Pages.
 */
export const seedPages: PageSeed[] = [
  homePage,
  solutionsPage,
  howWeHelpPage,
  industriesPage,
  ...industryPages,
  partnersPage,
  aboutPage,
  contactPage,
  resourcesPage,
  faqPage,
  aiPlaybookPage,
  privacyPage,
  termsPage,
]
