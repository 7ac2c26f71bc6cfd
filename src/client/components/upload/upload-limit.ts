import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/** SPEC §9 upload limits: photo 3, generic upload 1, simple upload 10. */
export const uploadLimits = { photo: 3, file: 1, simple: 10 } as const

/**
 * The SPEC §5 warning when a pick would pass the limit ("current limit is 3 files, this
 * selection has N files, total M files"), or undefined when the files fit.
 */
export function uploadLimitMessage(
  limit: number,
  current: number,
  picked: number,
): string | undefined {
  const total = current + picked
  if (total <= limit) return undefined
  return i18n._(
    msg`The current limit is ${limit} files, this selection has ${picked} files, total ${total} files`,
  )
}

/** SPEC §5: png, jpg, jpeg and gif files are previewed; anything else is a download link. */
export const isPreviewable = (url: string) =>
  /\.(png|jpe?g|gif|webp)$/i.test(url.split('?')[0] ?? '')
