/** The two database engines the site runs on; migrations and queries branch on it where they differ. */
export type Dialect = 'sqlite' | 'postgres'
