import { useLingui } from '@lingui/react/macro'
import type { ComponentProps } from 'react'
import { FormBuilder } from '#client/components/form/form-builder'

type Props = Omit<ComponentProps<typeof FormBuilder>, 'guardUnsaved' | 'invalidText' | 'savedText'>

/**
 * The form builder as every auth form uses it (phone sign-in, sign-up, WeChat bind): leaving
 * never asks about unsaved input, a refused send says "Please correct the marked fields" (each
 * message stays under its field) and no "Saved" toast (the form shows or does its own next step).
 */
export function AuthForm(props: Props) {
  const { t } = useLingui()
  return (
    <FormBuilder
      guardUnsaved={false}
      invalidText={t`Please correct the marked fields`}
      savedText={false}
      {...props}
    />
  )
}
