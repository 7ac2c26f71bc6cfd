import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'

/**
 * What to tell the user when the camera does not start: the browser's refusal (the user or a
 * setting said no), no camera or no secure connection, or a camera another app holds.
 */
export function cameraProblem(error: unknown): MessageDescriptor {
  const name = error instanceof Error || error instanceof DOMException ? error.name : ''
  if (!window.isSecureContext)
    return msg`The camera works only over a secure (https) connection. Open the app through its https address, or type the order number below.`
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return msg`Camera access is blocked for this app. Allow the camera in the browser's site settings (the icon beside the address, or the phone's settings for the installed app), then tap Try again. You can also type the order number below.`
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NoCamera')
    return msg`No camera was found on this device. Type the order number below.`
  return msg`The camera could not be started: another app may be using it. Close it and tap Try again, or type the order number below.`
}
