import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes'
import { sectionRoutes } from './lib/admin-sections'

// One entry per screen of the site. Unknown paths fall to the splat.
export default [
  layout('routes/site/layout.tsx', [
    // The pages built from blocks under Pages in the back office, each at its path: the spec's
    // screens are named here; a page an owner adds (a campaign's landing page) is found by the last
    // entry, which answers not found where no page is published.
    index('routes/site/page.tsx', { id: 'page-home' }),
    route('solutions', 'routes/site/page.tsx', { id: 'page-solutions' }),
    route('how-we-help', 'routes/site/page.tsx', { id: 'page-how-we-help' }),
    route('industries', 'routes/site/page.tsx', { id: 'page-industries' }),
    route('industries/:industry', 'routes/site/page.tsx', { id: 'page-industry' }),
    route('partners', 'routes/site/page.tsx', { id: 'page-partners' }),
    route('about', 'routes/site/page.tsx', { id: 'page-about' }),
    route('contact', 'routes/site/page.tsx', { id: 'page-contact' }),
    route('privacy', 'routes/site/page.tsx', { id: 'page-privacy' }),
    route('terms', 'routes/site/page.tsx', { id: 'page-terms' }),
    route('resources', 'routes/site/page.tsx', { id: 'page-resources' }),
    route('resources/faq', 'routes/site/page.tsx', { id: 'page-faq' }),
    route('resources/ai-playbook', 'routes/site/page.tsx', { id: 'page-ai-playbook' }),
    // Records with pages of their own.
    route('case-studies', 'routes/site/case-studies.tsx'),
    route('case-studies/:slug', 'routes/site/case-study.tsx'),
    route('resources/blog', 'routes/site/blog.tsx'),
    // A draft's shareable preview link, for someone without an account (a static segment outranks :slug).
    route('resources/blog/preview/:token', 'routes/site/blog-preview.tsx'),
    route('resources/blog/:slug', 'routes/site/blog-post.tsx'),
    // A page's preview in the back office (app/lib/admin-sections.ts): the public page's frame, an editor's access.
    ...adminSectionRoutes('site-frame'),
    route('*', 'routes/site/page.tsx', { id: 'page' }),
  ]),

  // Documents for machines: feed readers and search engines.
  route('resources/blog/rss.xml', 'routes/site/blog-rss.ts'),
  route('sitemap.xml', 'routes/seo/sitemap.ts'),
  route('robots.txt', 'routes/seo/robots.ts'),
  // A lead form's ticket for the time trap, fetched by the page once it shows the form.
  route('forms/ticket', 'routes/form-ticket.ts'),
  // The playbook PDF, for the lead a signed 7-day link names.
  route('resources/ai-playbook/download/:token', 'routes/site/playbook-download.ts'),
  // Uploaded images, stored in the database (app/server/services/media.server.ts).
  route('media/:bucket/*', 'routes/media.ts'),

  ...prefix('admin', [
    route('login', 'routes/admin/login.tsx'),
    // A forgotten password: ask for a link by e-mail, then open it to choose a new one.
    route('forgot-password', 'routes/admin/forgot-password.tsx'),
    route('reset-password/:token', 'routes/admin/reset-password.tsx'),
    // Where an invitation's link leads: no session needed, the link's token is the key.
    route('invitation/:token', 'routes/admin/accept-invitation.tsx'),
    // The second step of signing in, for admins with two-factor sign-in: a code from their app.
    route('login/verify', 'routes/admin/login-verify.tsx'),
    // Form and fetch endpoints of the admin shell: sign out, and the 10-minute session refresh.
    route('logout', 'routes/admin/logout.tsx'),
    route('session', 'routes/admin/session.tsx'),
    // The post and case-study editors' autosave.
    route('drafts', 'routes/admin/drafts.ts'),
    // The sections' endpoints, fetched by their screens outside the admin's frame: a post's preview,
    // the inbox's export, the Account tab's sessions (app/lib/admin-sections.ts).
    ...adminSectionRoutes('endpoints'),
    layout('routes/admin/layout.tsx', [
      // Every section's screens, in the admin's frame: each is declared once, with its words, role
      // and menu entry, in app/lib/admin-sections.ts (the dashboard, Blog Posts, Authors, ... Settings).
      ...adminSectionRoutes('screens'),
      route('*', 'routes/admin/not-found.tsx'),
    ]),
  ]),
] satisfies RouteConfig

/** The back-office sections' routes under /admin, as app/lib/admin-sections.ts declares them. */
function adminSectionRoutes(kind: 'screens' | 'endpoints' | 'site-frame') {
  const kindOf = ({ endpoint, siteFrame }: { endpoint?: true; siteFrame?: true }) =>
    endpoint ? 'endpoints' : siteFrame ? 'site-frame' : 'screens'
  return sectionRoutes()
    .filter((sectionRoute) => kindOf(sectionRoute) === kind)
    .map(({ path, module, id }) => {
      const at = kind === 'site-frame' ? `admin/${path}` : path
      return at === '' ? index(module) : route(at, module, id ? { id } : {})
    })
}
