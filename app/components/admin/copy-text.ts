import { toast } from 'sonner'

/**
 * Copies text to the clipboard with a toast. Where the clipboard is out of reach (a site served over
 * plain HTTP) or refused, the field showing the text is selected for the keyboard's copy instead, and
 * the toast says so; answers whether the clipboard took it.
 */
export async function copyText(text: string, field: HTMLInputElement | null, words: { copied: string; byHand: string }): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('No clipboard here')
    await navigator.clipboard.writeText(text)
    toast.success(words.copied)
    return true
  } catch {
    field?.focus()
    field?.select()
    toast.info(words.byHand)
    return false
  }
}
