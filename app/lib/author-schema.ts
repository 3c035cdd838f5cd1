import { formValues, optionalText, requiredText } from './form-fields'
import { MAX_EMAIL_LENGTH } from './schemas'
import { z } from './zod'

/**
 * The author form, checked in the browser before it is sent and again by the action. Bio is
 * optional and an empty one is stored as null.
 */
export const authorSchema = z.object({
  name: requiredText('Name', 100, 'Name is required'),
  email: requiredText('Email', MAX_EMAIL_LENGTH, 'Email is required').pipe(
    z.email('Please enter a valid email address, like name@example.com'),
  ),
  bio: optionalText('Bio', 2000),
})

/** The form's text fields as typed, so a refused form can be shown again exactly as it was sent. */
export const authorFormValues = (form: FormData) => formValues(form, ['name', 'email', 'bio'])
