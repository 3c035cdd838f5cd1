import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes'

// One entry per screen of the spec (docs: ../shared/spec/SPEC.md §2). Unknown paths fall to the splat.
export default [
  index('routes/home.tsx'),

  ...prefix('admin', [
    route('login', 'routes/admin/login.tsx'),
    // Form and fetch endpoints of the admin shell: sign out, and the 10-minute session refresh.
    route('logout', 'routes/admin/logout.tsx'),
    route('session', 'routes/admin/session.tsx'),
    layout('routes/admin/layout.tsx', [
      index('routes/admin/dashboard.tsx'),
      route('blog', 'routes/admin/blog.tsx'),
      route('*', 'routes/admin/not-found.tsx'),
    ]),
  ]),

  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
