import { msg } from '@lingui/core/macro'
import type { CSSProperties, ReactNode } from 'react'
import { translate } from '#client/lib/i18n'

/**
 * SPEC §8: confirmations are titled "Warm tip" with OK and Cancel. Resolves true on OK.
 * The buttons carry the classes shell-confirm-ok / shell-confirm-cancel. antd-mobile's Dialog
 * loads with the first question, not with the staff shell.
 */
export function confirmWarmTip(content: ReactNode): Promise<boolean> {
  return new Promise((resolve) => {
    let answered = false
    const answer = (ok: boolean) => () => {
      answered = true
      resolve(ok)
    }
    void import('antd-mobile/es/components/dialog')
      .then(({ default: Dialog }) =>
        Dialog.show({
          title: translate(msg`Warm tip`),
          content,
          className: 'shell-confirm',
          // SPEC §9 dialog z-index
          style: { '--z-index': '1978' } as CSSProperties,
          closeOnAction: true,
          onClose: () => {
            if (!answered) resolve(false)
          },
          actions: [
            [
              {
                key: 'cancel',
                text: translate(msg`Cancel`),
                className: 'shell-confirm-cancel',
                onClick: answer(false),
              },
              {
                key: 'ok',
                text: translate(msg`OK`),
                bold: true,
                className: 'shell-confirm-ok',
                onClick: answer(true),
              },
            ],
          ],
        }),
      )
      .catch(() => resolve(false))
  })
}
