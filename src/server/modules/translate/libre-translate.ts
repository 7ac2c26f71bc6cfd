import type { Config } from '../../config.ts'

/** The `/translate` address of a LibreTranslate-compatible server (TRANSLATE_URL is its base or that address). */
export function translateEndpoint(base: string): string {
  const u = new URL(base)
  if (!/\/translate\/?$/.test(u.pathname)) u.pathname = `${u.pathname.replace(/\/$/, '')}/translate`
  return u.toString()
}

/**
 * Translates plain text with LibreTranslate's `POST /translate {q, source, target, format,
 * api_key}`; resolves to undefined when the server fails, times out or answers nonsense.
 */
export async function libreTranslate(
  settings: NonNullable<Config['translate']>,
  text: string,
  source: string,
  target: string,
): Promise<string | undefined> {
  try {
    const res = await fetch(translateEndpoint(settings.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        q: text,
        source,
        target,
        format: 'text',
        ...(settings.apiKey ? { api_key: settings.apiKey } : {}),
      }),
      signal: AbortSignal.timeout(10_000),
    })
    if (!res.ok) return undefined
    const body = (await res.json()) as { translatedText?: unknown }
    return typeof body.translatedText === 'string' ? body.translatedText : undefined
  } catch {
    return undefined
  }
}
