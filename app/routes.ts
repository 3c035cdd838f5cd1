import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes'

// One entry per screen of the site. Unknown paths fall to the splat.
export default [
  layout('routes/site/layout.tsx', [
    index('routes/site/home.tsx'),
    route('solutions', 'routes/site/solutions.tsx'),
    route('how-we-help', 'routes/site/how-we-help.tsx'),
    route('industries', 'routes/site/industries.tsx'),
    route('industries/:industry', 'routes/site/industry.tsx'),
    route('partners', 'routes/site/partners.tsx'),
    route('about', 'routes/site/about.tsx'),
    route('contact', 'routes/site/contact.tsx'),
    route('privacy', 'routes/site/privacy.tsx'),
    route('terms', 'routes/site/terms.tsx'),
    route('case-studies', 'routes/site/case-studies.tsx'),
    route('case-studies/:slug', 'routes/site/case-study.tsx'),
    route('resources', 'routes/site/resources.tsx'),
    route('resources/faq', 'routes/site/faq.tsx'),
    route('resources/ai-playbook', 'routes/site/ai-playbook.tsx'),
    route('resources/blog', 'routes/site/blog.tsx'),
    route('resources/blog/:slug', 'routes/site/blog-post.tsx'),
    // Any other address: the not-found page, in the site's frame.
    route('*', 'routes/not-found.tsx'),
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
    // The Account tab's list of sessions: end one, or all but this one.
    route('account/sessions', 'routes/admin/account-sessions.ts'),
    // The post editor's live preview: markdown in, the public page's HTML out.
    route('blog/preview', 'routes/admin/post-preview.ts'),
    route('inbox/export.csv', 'routes/admin/inbox-export.ts'),
    // The post and case-study editors' autosave.
    route('drafts', 'routes/admin/drafts.ts'),
    layout('routes/admin/layout.tsx', [
      index('routes/admin/dashboard.tsx'),
      route('blog', 'routes/admin/blog.tsx'),
      // One editor for both: create mode at /new (and for the id 'new'), edit mode otherwise.
      route('blog/new', 'routes/admin/post-editor.tsx', { id: 'post-new' }),
      route('blog/edit/:id', 'routes/admin/post-editor.tsx', { id: 'post-edit' }),
      // A post's or case study's revisions: compare any two, restore one.
      route('blog/history/:id', 'routes/admin/history.tsx', { id: 'post-history' }),
      route('authors', 'routes/admin/authors.tsx'),
      route('authors/new', 'routes/admin/author-editor.tsx', { id: 'author-new' }),
      route('authors/edit/:id', 'routes/admin/author-editor.tsx', { id: 'author-edit' }),
      route('case-studies', 'routes/admin/case-studies.tsx'),
      route('case-studies/new', 'routes/admin/case-study-editor.tsx', { id: 'case-study-new' }),
      route('case-studies/edit/:id', 'routes/admin/case-study-editor.tsx', { id: 'case-study-edit' }),
      route('case-studies/history/:id', 'routes/admin/history.tsx', { id: 'case-study-history' }),
      route('team', 'routes/admin/team.tsx'),
      route('team/new', 'routes/admin/team-member-editor.tsx', { id: 'team-member-new' }),
      route('team/edit/:id', 'routes/admin/team-member-editor.tsx', { id: 'team-member-edit' }),
      route('testimonials', 'routes/admin/testimonials.tsx'),
      route('testimonials/new', 'routes/admin/testimonial-editor.tsx', { id: 'testimonial-new' }),
      route('testimonials/edit/:id', 'routes/admin/testimonial-editor.tsx', { id: 'testimonial-edit' }),
      route('redirects', 'routes/admin/redirects.tsx'),
      route('redirects/new', 'routes/admin/redirect-editor.tsx', { id: 'redirect-new' }),
      route('redirects/edit/:id', 'routes/admin/redirect-editor.tsx', { id: 'redirect-edit' }),
      // The public addresses visitors asked for and did not find, each a redirect away from mended.
      route('not-found', 'routes/admin/not-found-paths.tsx'),
      // Every uploaded image: alt text and where it is used; images are added with their records.
      route('media', 'routes/admin/media.tsx'),
      route('media/edit/:id', 'routes/admin/media-editor.tsx', { id: 'media-edit' }),
      route('settings', 'routes/admin/settings.tsx'),
      // The admin's own two-factor sign-in: its forms post here, and without JavaScript their answers show here.
      route('account/two-factor', 'routes/admin/account-two-factor.tsx'),
      // Each marketing page's search and share fields.
      route('settings/pages', 'routes/admin/pages.tsx'),
      route('settings/pages/edit/:id', 'routes/admin/page-editor.tsx'),
      route('notifications', 'routes/admin/notifications.tsx'),
      route('insights', 'routes/admin/insights.tsx'),
      route('activity', 'routes/admin/activity.tsx'),
      // Who may sign in: admins, their roles, and invitations.
      route('people', 'routes/admin/people.tsx'),
      route('inbox', 'routes/admin/inbox.tsx'),
      route('inbox/:id', 'routes/admin/inbox-message.tsx'),
      route('*', 'routes/admin/not-found.tsx'),
    ]),
  ]),
] satisfies RouteConfig
