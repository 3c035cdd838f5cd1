/*
 * The script every public page loads (app/root.tsx): the one list of the public widgets' enhancements,
 * each written beside its component. A classic script, deferred, so the document is parsed when it
 * runs; built by Vite as a worker, so it is one hashed file with no module graph and no React.
 */
import { bookingButton } from '~/components/site/booking-button.enhance'
import { caseStudyCard } from '~/components/site/case-study-card.enhance'
import { faqList } from '~/components/site/faq-list.enhance'
import { header } from '~/components/site/header.enhance'
import { heroBackdrop } from '~/components/site/hero-backdrop.enhance'
import { notFoundMessage } from '~/components/site/not-found-message.enhance'
import { postVideo } from '~/components/site/post-video.enhance'
import { imageFallback } from '~/components/ui/image-fallback.enhance'
import { tabSet } from '~/components/ui/tab-set.enhance'
import { rememberVisit } from '~/lib/visit'
import { enhancePage, type Enhancement } from './enhancement'

const enhancements: Enhancement[] = [
  // The first page of a visit in this tab, for the lead forms to send (app/lib/visit.ts).
  { widget: 'visit', wire: rememberVisit },
  header,
  bookingButton,
  imageFallback,
  tabSet,
  faqList,
  heroBackdrop,
  // After the tabs: a card named by the hash may have to be brought in from another tab's panel.
  caseStudyCard,
  notFoundMessage,
  postVideo,
]

enhancePage(enhancements)
// Tests wait for this, as they wait for React's hydration in the admin. The page's own script, if
// any, was loaded before this one and has run.
document.documentElement.dataset.enhanced = 'true'
