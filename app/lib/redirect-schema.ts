import { formValues, tooLong } from './form-fields'
import {
  hasUnsafeCharacters,
  isSitePath,
  isWebAddress,
  MAX_REDIRECT_PATH,
  MAX_REDIRECT_TARGET,
  normalisePath,
  reservedPrefixOf,
  targetPath,
} from './redirect-paths'
import { z } from './zod'

/** How the list and the editor name the two kinds of redirect. */
export const REDIRECT_STATUS_LABELS = { 301: 'Permanent (301)', 302: 'Temporary (302)' } as const

const fromRequired = 'From path is required'
const toRequired = 'Redirect to is required'
const targetKinds = 'Redirect to must be a path on this site starting with / or a full address starting with http:// or https://'

/** A page of the site's own (not a post or case study), published now: the pages table holds them. */
interface SitePage {
  path: string
  name: string
}

/** The name of the site's own page at a path, if one is there: "About". */
export const livePageAt = (pages: readonly SitePage[], path: string) => pages.find((page) => page.path === path)?.name ?? null

/**
 * The redirect form, checked in the browser and again by the action. `siteUrl` is this site's
 * address: a target on it is stored as its path, so it survives a change of domain and the checks
 * for loops and for pointing at itself see it. A redirect is answered before any page, so one from
 * one of the site's own `pages` needs the "Replace the live page" tick. Rules only the database knows (another
 * redirect from the same path, a loop through other redirects, a post or case study at the path)
 * are the action's.
 */
export function redirectSchemaFor(siteUrl: string, pages: readonly SitePage[]) {
  const siteHost = new URL(siteUrl).host
  return z
    .object({
      fromPath: z
        .string(fromRequired)
        .trim()
        .min(1, fromRequired)
        .max(MAX_REDIRECT_PATH, tooLong('From path', MAX_REDIRECT_PATH))
        .refine((path) => path.startsWith('/') && !path.startsWith('//'), 'From path must start with a single / (for example /old-page)')
        .refine((path) => !/[?#]/.test(path), 'From path cannot contain ? or #; a visitor’s query string is passed on as it is')
        .transform(normalisePath)
        // Checked decoded, so %00 or %20 cannot slip past.
        .refine((path) => !hasUnsafeCharacters(path), 'From path cannot contain spaces or control characters')
        .refine((path) => path !== '/', 'The home page cannot be redirected')
        .superRefine((path, ctx) => {
          const reserved = reservedPrefixOf(path)
          if (reserved)
            ctx.addIssue({ code: 'custom', message: `Addresses under ${reserved} belong to the site itself and cannot be redirected` })
        }),
      toTarget: z
        .string(toRequired)
        .trim()
        .min(1, toRequired)
        .max(MAX_REDIRECT_TARGET, tooLong('Redirect to', MAX_REDIRECT_TARGET))
        .refine((target) => isSitePath(target) || isWebAddress(target), targetKinds)
        // Either scheme: the site answers both, and a link typed with the other one still means this site.
        .transform((target) => (isWebAddress(target) && new URL(target).host === siteHost ? addressPath(target) : target))
        .transform((target) => (isSitePath(target) ? normaliseTarget(target) : target))
        // Checked decoded: %00 is no more a path than a NUL, and /%2F%2Fhost would be another site.
        .refine((target) => !hasUnsafeCharacters(target), 'Redirect to cannot contain spaces or control characters')
        .refine((target) => isSitePath(target) || isWebAddress(target), targetKinds),
      status: z
        .enum(['301', '302'], 'Please choose a permanent (301) or temporary (302) redirect')
        .transform((status) => (status === '301' ? 301 : 302)),
      replaceLivePage: z.boolean(),
    })
    .superRefine(({ fromPath, toTarget, replaceLivePage }, ctx) => {
      if (targetPath(toTarget) === fromPath)
        ctx.addIssue({ code: 'custom', path: ['toTarget'], message: 'A redirect cannot point to its own address' })
      const page = livePageAt(pages, fromPath)
      if (page && !replaceLivePage) {
        ctx.addIssue({
          code: 'custom',
          path: ['fromPath'],
          message: `The “${page}” page is live at this address. Tick “Replace the live page” to send its visitors on instead, or choose another path`,
        })
      }
    })
}

/** A full address's path, query and fragment: how a link to this site is stored. */
function addressPath(address: string): string {
  const { pathname, search, hash } = new URL(address)
  return `${pathname}${search}${hash}`
}

/** A site path target with its path part normalised and its query and fragment kept. */
function normaliseTarget(target: string): string {
  const rest = target.search(/[?#]/)
  return rest === -1 ? normalisePath(target) : `${normalisePath(target.slice(0, rest))}${target.slice(rest)}`
}

export type RedirectInput = z.output<ReturnType<typeof redirectSchemaFor>>

export const redirectFormValues = (form: FormData) => formValues(form, ['fromPath', 'toTarget', 'status'], ['replaceLivePage'])
