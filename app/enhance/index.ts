/*
 * The one script a plain page loads (app/root.tsx): the behaviours its server-rendered markup needs,
 * wired without React. A classic script, deferred, so the document is parsed when it runs.
 */
import { rememberVisit } from '~/lib/visit'
import { announceBookings } from './booking'
import { watchHeaderScroll } from './header'
import { wireHero } from './hero'
import { drawFailedImages } from './image-fallback'
import { wireAccordions } from './accordion'
import { wireExpandingCards } from './expanding-cards'
import { wireTabs } from './tabs'

// The first page of a visit in this tab, for the lead forms to send, as the site layout does under React.
rememberVisit()
watchHeaderScroll()
announceBookings()
drawFailedImages()
wireTabs()
wireAccordions()
wireHero()
// After the tabs: a card named by the hash may have to be brought in from another tab's panel.
wireExpandingCards()
// Tests wait for this, as they wait for React's hydration on other pages.
document.documentElement.dataset.enhanced = 'true'
