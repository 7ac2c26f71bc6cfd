import { fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { FieldDef } from '#client/components/form/form-field'
import { withRichTextHelp } from '#client/features/content/components/rich-text-help'
import { activateLocale } from '#client/lib/i18n'
import { renderInProviders } from './render-in-router.tsx'

/** The news and product editors: a short syntax hint and a preview under each body. */
afterEach(() => activateLocale('zh'))

const fields: FieldDef[] = [
  { name: 'Title', label: 'Title', type: 'text' },
  { name: 'Body', label: 'Text', type: 'textarea' },
  { name: 'BodyEn', label: 'Text (English)', type: 'textarea', optional: true },
]
const body =
  '**Bold** and [a link](https://example.com)\n\n> quoted\n\n1. one\n\n<script>x</script>'

function showHelp(name: string, text: string) {
  const f = withRichTextHelp(fields).find((x) => x.name === name)!
  expect(f.extra).toBeDefined()
  renderInProviders(
    <>
      {f.extra!({ values: { [name]: text }, setError: () => undefined, check: () => undefined })}
    </>,
  )
}

describe('the body editor help', () => {
  it('adds the help to the body fields only', () => {
    const out = withRichTextHelp(fields)
    expect(out.map((f) => f.extra !== undefined)).toEqual([false, true, true])
  })

  it('shows the syntax and a preview as the site renders it (English)', async () => {
    await activateLocale('en')
    showHelp('BodyEn', body)
    expect(screen.getByTestId('rich-text-help-BodyEn').textContent).toContain('**bold**')
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }))
    const preview = await screen.findByTestId('rich-text-preview-BodyEn')
    await screen.findByText('Bold')
    expect(preview.querySelector('strong')?.textContent).toBe('Bold')
    expect(preview.querySelector('a')?.getAttribute('href')).toBe('https://example.com')
    expect(preview.querySelector('blockquote')?.textContent?.trim()).toBe('quoted')
    expect(preview.querySelector('ol li')?.textContent).toBe('one')
    expect(preview.querySelector('script')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }))
    expect(screen.queryByTestId('rich-text-preview-BodyEn')).toBeNull()
  })

  it('speaks Chinese in the Chinese editor', async () => {
    await activateLocale('zh')
    showHelp('Body', '**粗**')
    expect(screen.getByTestId('rich-text-help-Body').textContent).toContain('粗体')
    fireEvent.click(screen.getByRole('button', { name: '预览' }))
    expect((await screen.findByText('粗')).tagName).toBe('STRONG')
  })
})
