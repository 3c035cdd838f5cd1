import type { ActivityTable } from '~/server/db/schema.server'

/** What a revision or a line of the activity log says was done, in the back office's words. */
export const activityWords: Record<ActivityTable['action'], string> = {
  created: 'Created',
  updated: 'Saved',
  published: 'Published',
  unpublished: 'Unpublished',
  restored: 'Restored',
  deleted: 'Deleted',
  'signed-in': 'Signed in',
  'sign-in-failed': 'Failed sign-in',
  'password-reset': 'Reset password by e-mail',
  invited: 'Invited',
  joined: 'Joined',
  'role-changed': 'Changed role',
  removed: 'Removed',
  'invitation-resent': 'Resent invitation',
  renamed: 'Changed display name',
  'reset-sent': 'Sent a password reset',
  'two-factor-removed': 'Turned off two-factor sign-in for',
  'two-factor-on': 'Turned on two-factor sign-in',
  'two-factor-off': 'Turned off two-factor sign-in',
  'recovery-codes-renewed': 'Got new recovery codes',
}
