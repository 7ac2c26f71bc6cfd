import { msg } from '@lingui/core/macro'
import { $ZodError } from 'zod/v4/core'
import { translate } from '#client/lib/i18n'

/**
 * SPEC §5: a social-login answer without the token field means the core login interface is
 * broken; say so (translated) instead of a schema error.
 */
export async function socialLoginChecked<T>(call: Promise<T>): Promise<T> {
  try {
    return await call
  } catch (e) {
    if (e instanceof $ZodError) {
      throw new Error(
        translate(
          msg`The core login interface is abnormal; check that the returned JSON contains the token`,
        ),
      )
    }
    throw e
  }
}
