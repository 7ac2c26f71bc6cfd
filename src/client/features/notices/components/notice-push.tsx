import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Toast } from '#client/components/feedback/toast'
import { useEffect, useState, type ReactNode } from 'react'
import { translate } from '#client/lib/i18n'
import { useLocale } from '#client/lib/locale-store'
import {
  base64UrlBytes,
  currentPushSubscription,
  pushRegistration,
  pushSupported,
} from '#client/lib/web-push'
import { getPushPublicKey } from '../api/get-push-public-key.ts'
import { postPushSubscribe } from '../api/post-push-subscribe.ts'
import { postPushUnsubscribe } from '../api/post-push-unsubscribe.ts'
import { messageDuration } from '../use-view-notice.ts'
import {
  currentPushEnvironment,
  noPushService,
  pushUnavailableReason,
  type PushUnavailable,
} from '../push-availability.ts'
import { PushUnavailableText } from './push-unavailable-text.tsx'

/** unsupported: no push in this browser or on this server; blocked: notifications refused. */
export type PushState = 'checking' | 'unsupported' | 'off' | 'on' | 'blocked' | 'busy'

async function stateNow(): Promise<{ state: PushState; why?: PushUnavailable }> {
  const why = pushUnavailableReason(currentPushEnvironment(pushSupported()))
  if (why) return { state: 'unsupported', why }
  if (Notification.permission === 'denied') return { state: 'blocked' }
  return { state: (await currentPushSubscription()) ? 'on' : 'off' }
}

const failed = (e: unknown) =>
  Toast.show({
    icon: 'fail',
    content:
      e instanceof Error && e.message
        ? e.message
        : translate(msg`Push notices could not be turned on`),
    duration: messageDuration,
  })

/**
 * Web Push from the notice sheet: notices reach this device while the app is closed.
 * Asked only from a tap (never on load); shows unsupported / off / on / blocked. While on, the
 * subscription is sent again with the current language (after a language change or a new sign-in).
 */
export function NoticePush() {
  const locale = useLocale()
  const [state, setState] = useState<PushState>('checking')
  const [why, setWhy] = useState<PushUnavailable>()
  const show = (now: { state: PushState; why?: PushUnavailable }) => {
    setState(now.state)
    setWhy(now.why)
  }

  useEffect(() => {
    let live = true
    void stateNow().then(async (now) => {
      if (!live) return
      show(now)
      const sub = now.state === 'on' ? await currentPushSubscription() : null
      if (sub)
        await postPushSubscribe({
          ...(sub.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } }),
          lang: locale,
        }).catch(() => undefined)
    })
    return () => {
      live = false
    }
  }, [locale])

  const turnOn = async () => {
    setState('busy')
    try {
      const permission = await Notification.requestPermission()
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'blocked' : 'off')
        return
      }
      const key = await getPushPublicKey()
      const reg = await pushRegistration()
      if (!key.enabled || !reg) {
        show({ state: 'unsupported', why: key.enabled ? 'browser' : 'server' })
        return
      }
      const sub = await reg.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64UrlBytes(key.publicKey),
      })
      await postPushSubscribe({
        ...(sub.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } }),
        lang: locale,
      })
      setState('on')
    } catch (e) {
      // no push service behind the API: said on the line, where the user looks, not in a toast
      if (noPushService(e)) {
        show({ state: 'unsupported', why: 'no-service' })
        return
      }
      failed(e)
      show(await stateNow())
    }
  }

  const turnOff = async () => {
    setState('busy')
    const sub = await currentPushSubscription()
    if (sub) {
      await postPushUnsubscribe(sub.endpoint).catch(() => undefined)
      await sub.unsubscribe().catch(() => undefined)
    }
    show(await stateNow())
  }

  if (state === 'checking') return null
  const button = (label: ReactNode, onClick: () => void, id: string) => (
    <button
      type="button"
      className="notice-link-button"
      data-testid={id}
      onClick={onClick}
      disabled={state === 'busy'}
    >
      {label}
    </button>
  )
  return (
    <p className="notice-permission" data-testid="notice-push" data-state={state}>
      {state === 'unsupported' && <PushUnavailableText why={why ?? 'browser'} />}
      {state === 'blocked' && <Trans>Push notices: blocked by the browser</Trans>}
      {(state === 'off' || state === 'busy') &&
        button(<Trans>Turn on push notices</Trans>, () => void turnOn(), 'notice-push-on')}
      {state === 'on' && (
        <>
          <Trans>Push notices: on</Trans>{' '}
          {button(<Trans>Turn off</Trans>, () => void turnOff(), 'notice-push-off')}
        </>
      )}
    </p>
  )
}
