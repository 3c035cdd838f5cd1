import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { logger } from '~/server/log.server'
import { loader as layoutLoader } from '~/routes/admin/layout'
import { phoneMessage } from '~/lib/settings-schema'
import { action, loader } from '~/routes/admin/settings'
import { loader as siteLayoutLoader } from '~/routes/site/layout'
import { signIn } from '~/server/services/auth.server'
import type { Db } from '~/server/db/schema.server'
import { type EditableSettings, getSiteSettings, getTimeZone, saveSiteSettings } from '~/server/repositories/settings.server'
import { upsertAdmin, verifyPassword } from '~/server/services/users.server'
import { formRequest, testContext, toastFrom } from '../support/context'
import { describeEachDatabase, failingOn } from '../support/databases'
import { callRoute, unwrap } from '../support/route-args'

const OLD_PASSWORD = 'the-old-password'
const NEW_PASSWORD = 'a-brand-new-passphrase'

/** A refused form: what it shows again, and its toast, which travels in the answer rather than the flash cookie. */
type Refused = { values: Record<string, string>; errors: Record<string, string>; failure: string | null; toast: string }

describeEachDatabase('settings: change password', (getDb) => {
  let n = 0
  let email = ''
  /** The browser changing the password, and the same admin signed in on another device. */
  let here = ''
  let elsewhere = ''
  const ctx = (db: Db = getDb().db) => testContext(db)

  async function openSession(address: string) {
    const result = await signIn(new Request('http://localhost/admin/login'), ctx(), { email: address, password: OLD_PASSWORD })
    if (!result.ok) throw new Error('sign-in failed')
    return result.setCookie.split(';')[0]!
  }

  beforeEach(async () => {
    email = `owner${++n}@example.com`
    await upsertAdmin(getDb().db, email, OLD_PASSWORD)
    here = await openSession(email)
    elsewhere = await openSession(email)
  })

  const change = (fields: Record<string, string>, cookie = here, db?: Db) =>
    callRoute(action, formRequest('/admin/settings', { intent: 'password', ...fields }, cookie), ctx(db))
  const passwordHash = async () =>
    (await getDb().db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow()).password_hash
  const isSignedIn = async (cookie: string) => {
    const result = await callRoute(layoutLoader, new Request('http://localhost/admin', { headers: { Cookie: cookie } }), ctx())
    return !(result instanceof Response)
  }
  const valid = { currentPassword: OLD_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }

  it('shows the signed-in email', async () => {
    const result = await callRoute(loader, new Request('http://localhost/admin/settings', { headers: { Cookie: here } }), ctx())
    expect(result).toMatchObject({ email })
  })

  it('asks for all three fields, naming each empty one', async () => {
    const before = await passwordHash()
    for (const missing of ['currentPassword', 'newPassword', 'confirmPassword'] as const) {
      const fields: Record<string, string> = { ...valid }
      delete fields[missing]
      const result = unwrap<Refused>(await change(fields))
      expect(result.status).toBe(400)
      expect(result.data.errors).toEqual({ [missing]: 'Please fill in all password fields' })
      expect(result.data.toast).toBe('Please fill in all password fields')
      expect(toastFrom(result.headers)).toBeNull()
    }
    expect(unwrap<Refused>(await change({ currentPassword: '', newPassword: '', confirmPassword: '' })).data.errors).toEqual({
      currentPassword: 'Please fill in all password fields',
      newPassword: 'Please fill in all password fields',
      confirmPassword: 'Please fill in all password fields',
    })
    expect(await passwordHash()).toBe(before)
  })

  it("refuses new passwords that don't match", async () => {
    const result = unwrap<Refused>(await change({ ...valid, confirmPassword: `${NEW_PASSWORD}!` }))
    expect(result.status).toBe(400)
    expect(result.data.errors).toEqual({ confirmPassword: "New passwords don't match" })
    expect(result.data.toast).toBe("New passwords don't match")
  })

  it('refuses a new password under 8 characters', async () => {
    const result = unwrap<Refused>(await change({ ...valid, newPassword: 'short12', confirmPassword: 'short12' }))
    expect(result.status).toBe(400)
    expect(result.data.errors).toEqual({ newPassword: 'Password must be at least 8 characters' })
    expect(unwrap<Refused>(await change({ ...valid, newPassword: 'exactly8', confirmPassword: 'exactly8' })).status).toBe(302)
  })

  it('refuses a wrong current password and changes nothing', async () => {
    const before = await passwordHash()
    const result = unwrap<Refused>(await change({ ...valid, currentPassword: 'not-my-password' }))
    expect(result.status).toBe(400)
    expect(result.data).toEqual({
      values: {},
      errors: { currentPassword: 'Current password is incorrect' },
      failure: null,
      toast: 'Current password is incorrect',
    })
    expect(toastFrom(result.headers)).toBeNull()
    expect(await passwordHash()).toBe(before)
    expect(await isSignedIn(elsewhere)).toBe(true)
  })

  it('never sends a password back to the page', async () => {
    for (const fields of [
      { ...valid, currentPassword: 'wrong-password' },
      { ...valid, confirmPassword: 'other-password' },
    ]) {
      const body = JSON.stringify(unwrap(await change(fields)).data)
      for (const password of Object.values(fields)) expect(body).not.toContain(password)
    }
  })

  it('stores a new argon2id hash, ends the other sessions and keeps this one', async () => {
    const otherAdmin = `colleague${n}@example.com`
    await upsertAdmin(getDb().db, otherAdmin, OLD_PASSWORD)
    const colleague = await openSession(otherAdmin)

    const response = (await change(valid)) as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/admin/settings')
    expect(toastFrom(response.headers)).toMatchObject({ type: 'success', title: 'Password updated successfully' })

    const hash = await passwordHash()
    expect(hash).toMatch(/^\$argon2id\$/)
    expect(await verifyPassword(hash, NEW_PASSWORD)).toBe(true)
    expect(await verifyPassword(hash, OLD_PASSWORD)).toBe(false)
    expect(await isSignedIn(here)).toBe(true)
    expect(await isSignedIn(elsewhere)).toBe(false)
    expect(await isSignedIn(colleague)).toBe(true)

    const withOld = await signIn(new Request('http://localhost/admin/login'), ctx(), { email, password: OLD_PASSWORD })
    expect(withOld.ok).toBe(false)
    const withNew = await signIn(new Request('http://localhost/admin/login'), ctx(), { email, password: NEW_PASSWORD })
    expect(withNew.ok).toBe(true)
  })

  describe('when the database fails', () => {
    // A database that fails when the change is written, as a full disk or a lost connection would.
    const failingWrites = (db: Db): Db =>
      new Proxy(db, {
        get(target, property) {
          if (property === 'transaction') return () => ({ execute: () => Promise.reject(new Error('connection lost')) })
          const value = Reflect.get(target, property, target)
          return typeof value === 'function' ? value.bind(target) : value
        },
      })
    let logged: ReturnType<typeof vi.spyOn>
    beforeEach(() => {
      logged = vi.spyOn(logger, 'error').mockImplementation(() => {})
    })
    afterEach(() => logged.mockRestore())

    it('logs an unexpected failure, says "Failed to update password" and changes nothing', async () => {
      const before = await passwordHash()
      const result = unwrap<Refused>(await change(valid, here, failingWrites(getDb().db)))
      expect(result.status).toBe(500)
      expect(result.data).toEqual({
        values: {},
        errors: {},
        failure: 'Failed to update password. Please try again.',
        toast: 'Failed to update password',
      })
      expect(toastFrom(result.headers)).toBeNull()
      expect(logged).toHaveBeenCalled()
      expect(await passwordHash()).toBe(before)
      expect(await isSignedIn(elsewhere)).toBe(true)
    })
  })

  it('refuses an unknown intent, and everything without a session', async () => {
    const unknown = unwrap<Refused>(await callRoute(action, formRequest('/admin/settings', { intent: 'drop-tables' }, here), ctx()))
    expect(unknown.status).toBe(400)
    expect(unknown.data.toast).toBe('That action is not available in Settings')
    const before = await passwordHash()
    const anonymous = (await change(valid, '')) as Response
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.get('Location')).toBe('/admin/login')
    expect(await passwordHash()).toBe(before)
  })
})

describeEachDatabase('settings: site settings', (getDb) => {
  let cookie = ''
  const ctx = () => testContext(getDb().db)
  /** The Site Settings tab as an owner loads it. */
  const open = async () =>
    (
      (await callRoute(loader, new Request('http://localhost/admin/settings?tab=site', { headers: { Cookie: cookie } }), ctx())) as Awaited<
        ReturnType<typeof loader>
      >
    ).site!
  /** Posts the Site Settings form with the version it was loaded at: the stored one unless told, none when null. */
  const save = async (fields: Partial<Record<keyof EditableSettings, string>>, { version }: { version?: string | null } = {}) => {
    const loaded = version === undefined ? (await open()).version : version
    const body: Record<string, string> = { intent: 'site', ...valid, ...fields, ...(loaded !== null && { version: loaded }) }
    return callRoute(action, formRequest('/admin/settings?tab=site', body, cookie), ctx())
  }
  const rows = () => getDb().db.selectFrom('site_settings').selectAll().orderBy('key').execute()
  const valid: EditableSettings = {
    contactEmail: 'team@example.com',
    phone: '(504) 555-0142',
    partnersEmail: 'alliances@example.com',
    bookingUrl: 'https://cal.com/example/intro',
    linkedinUrl: 'https://www.linkedin.com/company/example',
    twitterUrl: 'https://x.com/example',
    timeZone: 'America/Denver',
    webhookUrl: '',
  }
  const staleMessage =
    'This set of site settings was changed by someone else since you opened it. Reload to see their changes; your text is kept below.'

  beforeEach(async () => {
    if (cookie) return
    await upsertAdmin(getDb().db, 'settings@example.com', OLD_PASSWORD)
    const result = await signIn(new Request('http://localhost/admin/login'), ctx(), {
      email: 'settings@example.com',
      password: OLD_PASSWORD,
    })
    if (!result.ok) throw new Error('sign-in failed')
    cookie = result.setCookie.split(';')[0]!
  })

  it('starts from the environment defaults, at the version of nothing stored', async () => {
    const config = ctx().config
    expect(await open()).toMatchObject({
      settings: {
        contactEmail: config.contactEmail,
        phone: '',
        partnersEmail: config.partnersEmail,
        bookingUrl: config.bookingUrl,
        linkedinUrl: config.linkedinUrl,
        twitterUrl: config.twitterUrl,
        timeZone: 'America/Chicago',
      },
      version: '',
    })
  })

  it('refuses the second of two first saves, both made before anything was stored', async () => {
    expect(((await save({ contactEmail: 'first@example.com' }, { version: '' })) as Response).status).toBe(302)
    const stored = await rows()
    const typed = { ...valid, contactEmail: 'second@example.com' }
    const second = unwrap<Refused>(await save(typed, { version: '' }))
    expect(second.status).toBe(409)
    expect(second.data).toEqual({ values: typed, errors: {}, failure: staleMessage, toast: staleMessage })
    expect(await rows()).toEqual(stored)
  })

  it.each([
    ['contactEmail', '', 'Please enter the contact email'],
    ['contactEmail', 'not-an-email', 'Please enter a valid email address, like name@example.com'],
    ['partnersEmail', `${'a'.repeat(250)}@example.com`, 'Email must be 254 characters or fewer'],
    ['bookingUrl', 'http://cal.com/example', 'Please enter a full https:// address, like https://example.com/page'],
    ['linkedinUrl', 'javascript:alert(1)', 'Please enter a full https:// address, like https://example.com/page'],
    ['twitterUrl', 'https://localhost', 'Please enter a full https:// address, like https://example.com/page'],
    ['twitterUrl', `https://x.com/${'a'.repeat(500)}`, 'Address must be 500 characters or fewer'],
    ['phone', 'call us', phoneMessage],
    ['phone', '555-014', phoneMessage],
    ['phone', '+1 504 555 0142 1234 5678 90', phoneMessage],
    ['phone', '504+555-0142', phoneMessage],
    ['phone', '(504) 555-0142 ext. 3', phoneMessage],
    ['phone', '504\n555-0142', phoneMessage],
    ['timeZone', '', 'Please choose the time zone of the site'],
    ['timeZone', 'Mars/Olympus_Mons', 'Please choose a time zone from the list, like America/Chicago'],
    ['timeZone', 'America/Chicag0', 'Please choose a time zone from the list, like America/Chicago'],
    ['timeZone', 'UTC+5', 'Please choose a time zone from the list, like America/Chicago'],
    ['timeZone', `Europe/${'x'.repeat(200)}`, 'Please choose a time zone from the list, like America/Chicago'],
  ] as const)('refuses %s = %j with a message next to it, keeping what was typed', async (field, value, message) => {
    const before = await rows()
    const result = unwrap<Refused>(await save({ [field]: value }))
    expect(result.status).toBe(400)
    expect(result.data.errors).toEqual({ [field]: message })
    expect(result.data.values).toEqual({ ...valid, [field]: value })
    expect(result.data.toast).toBe(message)
    expect(toastFrom(result.headers)).toBeNull()
    expect(await rows()).toEqual(before)
  })

  it('inserts the settings, then updates them, and the public pages read them at once', async () => {
    await getDb().db.deleteFrom('site_settings').execute()
    const first = (await save({ contactEmail: '  team@example.com ' })) as Response
    expect(first.status).toBe(302)
    expect(first.headers.get('Location')).toBe('/admin/settings?tab=site')
    expect(toastFrom(first.headers)).toMatchObject({ type: 'success', title: 'Site settings saved' })
    const inserted = await rows()
    expect(inserted.map((r) => r.key)).toEqual([
      'booking_url',
      'contact_email',
      'linkedin_url',
      'partners_email',
      'phone',
      'time_zone',
      'twitter_url',
      'webhook_url',
    ])
    expect((await open()).settings).toEqual(valid)
    expect((await open()).version).toBe(inserted[0]!.updated_at)

    const changed = { ...valid, contactEmail: 'hello@new-domain.example', twitterUrl: 'https://x.com/renamed' }
    expect(((await save(changed)) as Response).status).toBe(302)
    const updated = await rows()
    expect(updated).toHaveLength(8)
    expect((await open()).settings).toEqual(changed)
    const updatedAt = (key: string, list: typeof updated) => list.find((r) => r.key === key)!.updated_at
    expect(updatedAt('contact_email', updated) > updatedAt('contact_email', inserted)).toBe(true)
    // Every row carries the one version of the save that wrote it.
    expect(new Set(updated.map((r) => r.updated_at)).size).toBe(1)

    const publicLayout = await siteLayoutLoader({ request: new Request('http://localhost/'), context: ctx(), params: {} } as never)
    expect(publicLayout.settings.contactEmail).toBe('hello@new-domain.example')
  })

  it('keeps a phone number as typed, without the spaces around it, gives it to the public pages, and an empty one shows none', async () => {
    for (const phone of ['+1 (504) 555-0142', '504.555.0142', '5550142', '+44 20 7946 0958 1234 567']) {
      expect(((await save({ phone: `  ${phone} ` })) as Response).status).toBe(302)
      expect((await open()).settings.phone).toBe(phone)
    }
    const publicLayout = () => siteLayoutLoader({ request: new Request('http://localhost/'), context: ctx(), params: {} } as never)
    expect((await publicLayout()).settings.phone).toBe('+44 20 7946 0958 1234 567')
    expect(((await save({ phone: '' })) as Response).status).toBe(302)
    expect((await open()).settings.phone).toBe('')
    expect((await publicLayout()).settings.phone).toBe('')
  })

  it('stores a chosen zone under its list name, tells the host so the cached pages go, and dates read it at once', async () => {
    await save({})
    expect(await getTimeZone(getDb().db)).toBe('America/Denver')
    const heard: string[] = []
    const body = { intent: 'site', ...valid, timeZone: 'US/Pacific', version: (await open()).version }
    const saved = (await callRoute(
      action,
      formRequest('/admin/settings?tab=site', body, cookie),
      testContext(getDb().db, '127.0.0.1', (what) => heard.push(what)),
    )) as Response
    expect(saved.status).toBe(302)
    expect(heard).toEqual(['site-settings'])
    // A legacy name is stored as the one the list offers, so the select shows it chosen.
    expect((await open()).settings.timeZone).toBe('America/Los_Angeles')
    expect((await open()).timeZones).toContain('America/Los_Angeles')
    expect(await getTimeZone(getDb().db)).toBe('America/Los_Angeles')
  })

  it('offers the server’s own list of zones, UTC first, and shows dates in the default zone while a stored one is unknown', async () => {
    const { timeZones } = await open()
    expect(timeZones[0]).toBe('UTC')
    expect(timeZones).toEqual(expect.arrayContaining(['America/Chicago', 'Europe/London', 'Asia/Tokyo']))
    await getDb().db.updateTable('site_settings').set({ value: 'Atlantis/Capital' }).where('key', '=', 'time_zone').execute()
    expect(await getTimeZone(getDb().db)).toBe('America/Chicago')
  })

  it('lets the first of two saves from one loaded version land and refuses the second, keeping its text and storing nothing of it', async () => {
    await save({})
    const { version: loaded } = await open()
    const first = (await save({ contactEmail: 'first-tab@example.com' }, { version: loaded })) as Response
    expect(first.status).toBe(302)
    const landed = await rows()

    const typed = { ...valid, contactEmail: 'second-tab@example.com', bookingUrl: 'https://cal.com/second/tab' }
    const second = unwrap<Refused>(await save(typed, { version: loaded }))
    expect(second.status).toBe(409)
    expect(second.data).toEqual({ values: typed, errors: {}, failure: staleMessage, toast: staleMessage })
    expect(toastFrom(second.headers)).toBeNull()
    expect(await rows()).toEqual(landed)
    expect((await getSiteSettings(getDb().db, ctx().config)).contactEmail).toBe('first-tab@example.com')
  })

  it('refuses a version it never wrote, such as one typed by hand', async () => {
    await save({})
    const before = await rows()
    for (const version of ['9999-12-31T23:59:59.999Z', 'not-a-version']) {
      expect(unwrap<Refused>(await save({ contactEmail: 'forged@example.com' }, { version })).status).toBe(409)
    }
    expect(await rows()).toEqual(before)
  })

  it('lets exactly one of two saves racing from one version land', async () => {
    await save({})
    const { version } = await open()
    const outcomes = await Promise.all(
      ['racer-one@example.com', 'racer-two@example.com'].map((contactEmail) =>
        saveSiteSettings(getDb().db, { ...valid, contactEmail }, version, null),
      ),
    )
    expect([...outcomes].sort()).toEqual(['saved', 'stale'])
    const stored = await getSiteSettings(getDb().db, ctx().config)
    expect(stored.contactEmail).toBe(outcomes[0] === 'saved' ? 'racer-one@example.com' : 'racer-two@example.com')
    expect(new Set((await rows()).map((r) => r.updated_at)).size).toBe(1)
  })

  it('saves a request that carries no version as sent, as a script that never loaded the form', async () => {
    await save({})
    expect(((await save({ contactEmail: 'scripted@example.com' }, { version: null })) as Response).status).toBe(302)
    expect((await getSiteSettings(getDb().db, ctx().config)).contactEmail).toBe('scripted@example.com')
  })

  it('logs a failed write, says "Failed to save site settings" and keeps what was typed', async () => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => {})
    try {
      await save({})
      const before = await rows()
      const typed = { ...valid, contactEmail: 'unsaved@example.com' }
      const result = unwrap<Refused>(
        await callRoute(
          action,
          formRequest('/admin/settings?tab=site', { intent: 'site', ...typed, version: (await open()).version }, cookie),
          testContext(failingOn(getDb().db, 'InsertQueryNode', 'site_settings')),
        ),
      )
      expect(result.status).toBe(500)
      expect(result.data).toEqual({
        values: typed,
        errors: {},
        failure: 'Failed to save site settings. Please try again.',
        toast: 'Failed to save site settings',
      })
      expect(logged).toHaveBeenCalled()
      expect(await rows()).toEqual(before)
    } finally {
      logged.mockRestore()
    }
  })
})
