import { useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import type { FieldDef } from '#client/components/form/form-field'

/**
 * Under a news or product body: which syntax works, and a preview rendered by the very function
 * the server uses for the public pages (src/shared/rich-text.ts, loaded when first opened, so the
 * editors' page does not carry markdown-it until then).
 */
function RichTextHelp({ text, name }: { text: string; name: string }) {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const [html, setHtml] = useState('')
  useEffect(() => {
    if (!open) return
    let live = true
    void import('#shared/rich-text').then((m) => live && setHtml(m.renderRichText(text)))
    return () => {
      live = false
    }
  }, [open, text])
  return (
    <div className="rich-text-help" data-testid={`rich-text-help-${name}`}>
      <p className="rich-text-syntax">
        {t`**bold**, *italic*, [link](https://…), > quote, 1. list, - list, ## heading, | table |`}
      </p>
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-testid={`rich-text-preview-toggle-${name}`}
      >
        {t`Preview`}
      </button>
      {open ? (
        <div
          className="rich-text rich-text-preview"
          aria-label={t`Preview`}
          data-testid={`rich-text-preview-${name}`}
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ) : null}
    </div>
  )
}

/** The fields with the syntax hint and preview under the named body fields (`Body`, `BodyEn`). */
export function withRichTextHelp(fields: FieldDef[], names = ['Body', 'BodyEn']): FieldDef[] {
  return fields.map((f) =>
    names.includes(f.name)
      ? {
          ...f,
          extra: ({ values }) => <RichTextHelp name={f.name} text={String(values[f.name] ?? '')} />,
        }
      : f,
  )
}
