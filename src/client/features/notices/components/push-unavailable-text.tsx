import { Trans } from '@lingui/react/macro'
import type { PushUnavailable } from '../push-availability.ts'

/** "Not available here", with the reason and what to do about it where there is something. */
export function PushUnavailableText({ why }: { why: PushUnavailable }) {
  return (
    <span data-reason={why}>
      <Trans>Push notices: not available here.</Trans>{' '}
      {why === 'insecure' && <Trans>They need the site on a secure (https) address.</Trans>}
      {why === 'home-screen' && (
        <Trans>
          On iPhone and iPad, add the app to the home screen first (Share, then Add to Home Screen)
          and open it from there.
        </Trans>
      )}
      {why === 'browser' && <Trans>This browser does not offer push notices.</Trans>}
      {why === 'server' && <Trans>They are turned off on this server.</Trans>}
      {why === 'no-service' && (
        <Trans>
          This browser has no push service to deliver them (try Chrome, Edge or Firefox).
        </Trans>
      )}
    </span>
  )
}
