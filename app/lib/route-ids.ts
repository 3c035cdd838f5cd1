/** The id React Router gives the public site's layout route: its loader holds the site settings. */
export const SITE_LAYOUT_ID = 'routes/site/layout'
