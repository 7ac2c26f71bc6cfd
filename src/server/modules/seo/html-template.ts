/**
 * HTML that escapes by default: every value interpolated into `markup\`...\`` is
 * escaped for element content and quoted attribute values, unless it is itself an `Html` fragment
 * (made by `markup` or marked trusted with `raw`). Arrays are joined; null, undefined and false
 * render nothing. One forgotten call can no longer open an XSS: forgetting means escaping.
 * (Not named `html`: Prettier formats `html` templates as HTML, which would change the pages.)
 */
export class Html {
  constructor(readonly value: string) {}
  toString() {
    return this.value
  }
}

export type HtmlValue = Html | string | number | false | null | undefined | readonly HtmlValue[]

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => entities[c]!)

function render(value: HtmlValue): string {
  if (value instanceof Html) return value.value
  if (Array.isArray(value)) return value.map(render).join('')
  if (value === null || value === undefined || value === false) return ''
  return esc(String(value))
}

export function markup(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let out = strings[0]!
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!
  return new Html(out)
}

/**
 * A trusted fragment, passed as is: only for markup built here with its own escaping (JSON in a
 * script element, `scriptJson`) or from constant strings. Never for content or request text.
 */
export const raw = (trusted: string) => new Html(trusted)

/** Fragments joined into one. */
export const joinHtml = (parts: readonly HtmlValue[]) => new Html(render(parts))
