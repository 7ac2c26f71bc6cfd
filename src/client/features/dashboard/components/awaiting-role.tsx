import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'

/** What an account without a role (a new sign-up) sees instead of an empty back-office. */
export function AwaitingRole() {
  return (
    <div className="dash-awaiting" role="status" data-testid="awaiting-role">
      <h2>
        <Trans>Your account is waiting for a role</Trans>
      </h2>
      <p>
        <Trans>An administrator must assign you a role before you can use the back-office.</Trans>
      </p>
      <Link to="/setting/personalCenter">
        <Trans>Meanwhile, complete your profile</Trans>
      </Link>
    </div>
  )
}
