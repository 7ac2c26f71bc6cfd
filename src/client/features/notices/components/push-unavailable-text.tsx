import { Trans } from '@lingui/react/macro'
import type { PushUnavailable } from '../push-availability.ts'

/** "Not available here", with the reason and what to do about it where there is something. */
export function PushUnavailableText({ why }: { why: PushUnavailable }) {
  return (
    <span data-reason={why}>
      <Trans>Push notices: not available here.</Trans>{' '}
      {why === 'insecure' && <Trans>It needs https.</Trans>}
      {why === 'home-screen' && <Trans>On iPhone, add the app to the home screen first.</Trans>}
      {why === 'browser' && <Trans>Not in this browser.</Trans>}
      {why === 'server' && <Trans>Off on this server.</Trans>}
      {why === 'no-service' && <Trans>This browser has no push service.</Trans>}
    </span>
  )
}
