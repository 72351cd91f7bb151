export { ResourceForm, type ResourceFormProps } from './ResourceForm';
export type { FormField, FormFieldType, FormMode } from './types';
export { fieldSchema, issueKey, useZodRules, validateValue, zodRules, type Translate, type ZodRuleOptions } from './zodRules';
