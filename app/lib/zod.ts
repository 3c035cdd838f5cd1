import { z } from 'zod'

// Zod compiles object parsers with `new Function` when it may. Our CSP forbids eval, so in the
// browser that attempt is refused and reported as a policy violation on every page with a form;
// the interpreted parser is just as correct for forms this size.
z.config({ jitless: true })

export { z }
