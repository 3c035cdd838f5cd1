/*
 * Text pasted from Word or a web page arrives as HTML beside a plain copy. Only the plain text goes
 * into the post: the post is Markdown, and markup pasted into it would be shown as code or stripped
 * by the server's sanitiser (which stays the second layer).
 */

const SCRIPT = /<script\b[\s\S]*?(?:<\/script\s*>|$)/gi

/**
 * For a paste that carries HTML: the text that goes in, and whether the HTML held scripts (which
 * never go in). Null for a paste of plain text, which the editor takes as it is.
 */
export function textOfHtmlPaste(data: DataTransfer): { text: string; hadScripts: boolean } | null {
  const html = data.getData('text/html')
  if (!html) return null
  const plain = data.getData('text/plain')
  // Parsed as an inert document: nothing in it runs or loads.
  const document = new DOMParser().parseFromString(html, 'text/html')
  const scripts = document.querySelectorAll('script')
  const hadScripts = scripts.length > 0
  scripts.forEach((script) => script.remove())
  document.querySelectorAll('style').forEach((style) => style.remove())
  // A copy with no plain text (rare) is read from the HTML's words; a script's own text is never kept.
  const text = plain || (document.body.textContent ?? '')
  return { text: hadScripts ? text.replace(SCRIPT, '') : text, hadScripts }
}

export const scriptsRemovedMessage = 'Scripts in the pasted text were removed; only its words were added.'
