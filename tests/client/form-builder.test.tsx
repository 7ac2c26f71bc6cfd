import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { Toast } from 'antd-mobile'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FieldDef, FormValues } from '#client/components/form/form-field'
import { FormBuilder } from '#client/components/form/form-builder'
import { uploadSettingsKey } from '#client/components/upload/use-upload-types'
import { defaultUploadTypes } from '#shared/contract/uploads'
import { activateLocale } from '#client/lib/i18n'

afterEach(async () => {
  Toast.clear()
  await activateLocale('zh')
})

const fields: FieldDef[] = [
  { name: 'Title', label: '名称', type: 'text', translateTo: 'TitleEn' },
  { name: 'TitleEn', label: '英文名称', type: 'text', optional: true, englishOf: 'Title' },
  { name: 'Qty', label: '数量', type: 'number' },
  { name: 'Note', label: '备注', type: 'textarea', optional: true },
  { name: 'Kind', label: '类型', type: 'select', options: [{ value: '1', label: '锻件' }] },
  {
    name: 'Tags',
    label: '标签',
    type: 'checkbox',
    options: [
      { value: 'a', label: '甲' },
      { value: 'b', label: '乙' },
    ],
  },
  { name: 'Day', label: '日期', type: 'date' },
  { name: 'Pics', label: '图片', type: 'photo' },
]
const empty: FormValues = {
  Title: '',
  TitleEn: '',
  Qty: '',
  Note: '',
  Kind: '',
  Tags: [],
  Day: '',
  Pics: [],
}

const renderForm = (props: Partial<Parameters<typeof FormBuilder>[0]> = {}) => {
  const onSubmit = vi.fn(async () => {})
  // the photo field reads the accepted upload types setting; seeded so nothing is fetched
  const client = new QueryClient()
  client.setQueryData(uploadSettingsKey, { types: defaultUploadTypes })
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <FormBuilder fields={fields} initial={empty} onSubmit={onSubmit} testId="f" {...props} />
      </I18nProvider>
    </QueryClientProvider>,
  )
  return onSubmit
}
const toastText = () => document.querySelector('.adm-toast-mask')?.textContent ?? ''

describe('<FormBuilder> (SPEC §5)', () => {
  it('a failing submit shows every message joined in one toast and under each field, and saves nothing', async () => {
    const onSubmit = renderForm()
    fireEvent.click(screen.getByTestId('f-save'))
    await waitFor(() =>
      expect(toastText()).toBe(
        '请输入名称；请输入数量；请选择类型；至少选择一项；请选择日期；请上传图片',
      ),
    )
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      '请输入名称',
      '请输入数量',
      '请选择类型',
      '至少选择一项',
      '请选择日期',
      '请上传图片',
    ])
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('the number field keeps digits only; textareas have 4-8 rows and 500 characters; the textarea is optional here', () => {
    renderForm()
    const qty = screen.getByLabelText(/数量/) as HTMLInputElement
    fireEvent.change(qty, { target: { value: '12a-3' } })
    expect(qty.value).toBe('123')
    const note = screen.getByLabelText(/备注/) as HTMLTextAreaElement
    expect(note.rows).toBe(4)
    expect(note.maxLength).toBe(500)
  })

  it('submits the values and only the changed fields when every rule passes', async () => {
    const filled: FormValues = {
      ...empty,
      Title: '曲轴',
      Qty: '5',
      Kind: '1',
      Tags: ['a'],
      Day: '2025-01-02',
      Pics: [{ url: '/uploads/a.png' }],
    }
    const onSubmit = renderForm({ initial: filled })
    fireEvent.change(screen.getByLabelText(/^名称/), { target: { value: '连杆' } })
    fireEvent.click(screen.getByLabelText('乙'))
    fireEvent.click(screen.getByTestId('f-save'))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit.mock.calls[0]).toEqual([
      { ...filled, Title: '连杆', Tags: ['a', 'b'] },
      { Title: '连杆', Tags: ['a', 'b'] },
      // no RowVersion given: none to save from
      undefined,
    ])
  })

  it('flags an English field left empty and fills it with the translate action when one is given', async () => {
    await activateLocale('en')
    const translate = vi.fn(async (text: string) => `EN:${text}`)
    renderForm({ initial: { ...empty, Title: '曲轴' }, translate })
    expect(screen.getByText('English missing')).toBeTruthy()
    fireEvent.click(screen.getByTestId('translate-Title'))
    await waitFor(() =>
      expect((screen.getByLabelText(/^英文名称/) as HTMLInputElement).value).toBe('EN:曲轴'),
    )
    expect(translate).toHaveBeenCalledWith('曲轴')
    expect(screen.queryByText('English missing')).toBeNull()
  })

  it('has no translate action without a translator, and no save control when read-only', () => {
    renderForm({ readOnly: true })
    expect(screen.queryByTestId('translate-Title')).toBeNull()
    expect(screen.queryByTestId('f-save')).toBeNull()
    expect((screen.getByLabelText(/^名称/) as HTMLInputElement).disabled).toBe(true)
    expect(screen.queryByRole('button', { name: /添加图片/ })).toBeNull()
  })
})
