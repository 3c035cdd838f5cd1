/** The digits of a phone number as typed, without its spaces, dashes, dots and brackets. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '')
}

/** The tel: address of a phone number as typed: its digits, after a + when it starts with one. */
export function telHref(phone: string): string {
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${phoneDigits(phone)}`
}
