// The form kit: every form is built from these (react-hook-form + the zod schema from packages/shared).
export { Field, FieldErrorText, FormError, controlClass, type FieldControlProps, type FieldProps } from './field';
export { TextInput, WholeNumberInput, type TextInputProps } from './text-input';
export { Textarea, type TextareaProps } from './textarea';
export { Select, NativeSelect, type SelectOption, type SelectOptionGroup, type SelectProps } from './select';
export { Checkbox, type CheckboxProps } from './checkbox';
export { DateInput, type DateInputProps } from './date-input';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { CancelAndAct, FormActions, type CancelAndActProps, type FormActionsProps } from './form-actions';
export { useZodForm, type FieldMessages, type UseZodFormOptions } from './use-zod-form';
