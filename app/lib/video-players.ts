/*
 * The two players a post's video poster may load (app/components/site/post-video.enhance.ts), and the
 * only frames from elsewhere the Content-Security-Policy lets a page hold (server.ts). YouTube's privacy-enhanced
 * host sets no cookie until the video plays; Vimeo's `dnt` asks it to track nothing.
 */
export const VIDEO_PLAYER_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const

/** The player's address for a poster's `data-video` ("youtube:<id>" or "vimeo:<id>"), or null when it is not a well-formed one. */
export function playerUrl(video: string | undefined): string | null {
  const youtube = /^youtube:([A-Za-z0-9_-]{11})$/.exec(video ?? '')
  if (youtube) return `${VIDEO_PLAYER_ORIGINS[0]}/embed/${youtube[1]}?autoplay=1`
  const vimeo = /^vimeo:(\d{1,12})$/.exec(video ?? '')
  return vimeo ? `${VIDEO_PLAYER_ORIGINS[1]}/video/${vimeo[1]}?dnt=1&autoplay=1` : null
}
