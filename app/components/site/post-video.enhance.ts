import type { Enhancement } from '~/enhance/enhancement'
import { playerUrl } from '~/lib/video-players'

/**
 * A post's video poster (markdown-renderer.server.ts) is a link to the video's page; a plain click
 * plays it in place instead, in the provider's player, which only now hears of the visit. One
 * listener on the document: pages without a poster pay nothing.
 */
export const postVideo: Enhancement = {
  widget: 'video poster',
  wire() {
    document.addEventListener('click', (event) => {
      const poster = (event.target as Element).closest<HTMLAnchorElement>('a[data-video]')
      const src = playerUrl(poster?.dataset.video)
      // A click meant for a new tab or window opens the video's page there, as a link does.
      if (!poster || !src || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return
      event.preventDefault()
      const player = document.createElement('iframe')
      player.src = src
      player.title = poster.querySelector('.post-video-title')?.textContent || poster.textContent!.replace('Play video on', 'Video on')
      player.allow = 'autoplay; fullscreen; picture-in-picture; encrypted-media'
      player.allowFullscreen = true
      poster.replaceWith(player)
      // Keyboard users stay where they were: on the player they started.
      player.focus()
    })
  },
}
