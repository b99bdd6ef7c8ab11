import { z } from 'zod'
import { siteText } from './site-text'

const Field = (shown: boolean, required: boolean) =>
  z
    .strictObject({ shown: z.boolean().default(shown), required: z.boolean().default(required) })
    .refine((field) => field.shown || !field.required, {
      message: 'cannot be required while it is not shown',
      path: ['required'],
    })
    .default({ shown, required })

/** The form the widget shows while nobody is online: its fields and the intro above them. */
export const OfflineForm = z
  .strictObject({
    intro: siteText(1000).optional(),
    fields: z
      .strictObject({
        name: Field(true, false),
        email: Field(true, false),
        phone: Field(true, false),
        message: Field(true, true),
      })
      .default({
        name: { shown: true, required: false },
        email: { shown: true, required: false },
        phone: { shown: true, required: false },
        message: { shown: true, required: true },
      }),
  })
  .superRefine((form, ctx) => {
    if (!form.fields.message.shown || !form.fields.message.required) {
      ctx.addIssue({
        code: 'custom',
        path: ['fields', 'message'],
        message: 'must be shown and required: the form sends the visitor’s message',
      })
    }
    if (!form.fields.email.shown && !form.fields.phone.shown) {
      ctx.addIssue({
        code: 'custom',
        path: ['fields', 'email'],
        message: 'show email or phone (or both): without either nobody can answer',
      })
    }
  })
export type OfflineForm = z.infer<typeof OfflineForm>
