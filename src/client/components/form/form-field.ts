import type { ReactNode } from 'react'
import type { RuleName } from '#shared/contract/validators'
import type { UploadPath } from '../upload/post-upload.ts'

/** A picture or file already uploaded (SPEC §3 file entry: name, url). */
export type UploadedFile = { url: string; thumb?: string; name?: string }

export type FieldOption = { value: string; label: string }

type Base = {
  /** key of the value (contract field name, e.g. `TitleEn`) */
  name: string
  label: string
  /** every field is required unless marked optional (SPEC §5) */
  optional?: boolean
  /** replaces the default "please enter/choose/upload {label}" message */
  message?: string
  placeholder?: string
  /** on a Chinese field: the English field a "translate" action fills */
  translateTo?: string
  /** on an English field: the Chinese field it translates; flagged "English missing" when empty */
  englishOf?: string
  /** the browser's autofill hint (`name`, `email`, `current-password`, `one-time-code`, ...) */
  autoComplete?: string
  /** shown and checked only while this answers true (e.g. a code field once the mobile changes) */
  when?: (values: FormValues, saved: FormValues) => boolean
  /** beside the input (e.g. a "send code" button); `setError` puts a message under the field */
  extra?: (ctx: FieldExtraContext) => ReactNode
  /** a section heading shown above this field (e.g. "Address" before the region) */
  heading?: ReactNode
}

export type FieldExtraContext = {
  values: FormValues
  setError: (name: string, message: string) => void
  /**
   * runs a submit's checks on one field (its own and the form's `validate`), shows the message
   * under it and answers its value when it passes, else undefined (e.g. the number a code goes to)
   */
  check: (name: string) => FieldValue | undefined
}

export type FieldDef = Base &
  (
    | { type: 'text'; rule?: RuleName; max?: number; inputType?: 'email' | 'tel' }
    | { type: 'number'; max?: number; inputType?: 'tel' }
    | { type: 'password'; max?: number }
    | { type: 'textarea'; max?: number; rows?: number }
    | { type: 'select' | 'radio' | 'checkbox'; options: FieldOption[] }
    | { type: 'date' }
    | { type: 'area' }
    | {
        type: 'file' | 'photo'
        limit?: number
        accept?: string
        /** move pictures and choose the first (the cover) */
        sortable?: boolean
        /** the upload call, when not the default one (e.g. `User/UploadAvatar`) */
        endpoint?: UploadPath
      }
    | { type: 'rows'; columns: RowColumn[]; limit: number }
  )

/** One column of a `rows` field (e.g. a specification row: label zh/en, value zh/en). */
export type RowColumn = { name: string; label: string; max: number; optional?: boolean }
/** One row of a `rows` field: column name -> text. */
export type FieldRow = Record<string, string>

export type FieldType = FieldDef['type']

/**
 * Values by field name: strings for text, password, number, textarea, select, radio and date; string
 * lists for checkbox and area (six-digit codes: province, city, district); uploaded files
 * for file and photo; rows of texts for rows. Password values are strings too.
 */
export type FieldValue = string | string[] | UploadedFile[] | FieldRow[]
export type FormValues = Record<string, FieldValue>
