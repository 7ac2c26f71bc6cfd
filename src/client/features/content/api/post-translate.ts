import { translateResponse } from '#shared/contract/translate'
import { postCall } from '#client/lib/http'
import { useTranslateStatus } from './get-translate-status.ts'

/** `POST CommonData/TranslateGeneral`: Chinese text to English through the configured server. */
export async function postTranslate(text: string) {
  return (
    await postCall('CommonData/TranslateGeneral', translateResponse, {
      text,
      source: 'zh',
      target: 'en',
    })
  ).data.text
}

/** The translate action for the form builder, or undefined (action hidden) when translation is not configured. */
export function useTranslator(): ((text: string) => Promise<string>) | undefined {
  const status = useTranslateStatus()
  return status.data === true ? postTranslate : undefined
}
