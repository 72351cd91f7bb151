import type { fileApi, identityApi, signUpApi } from '@swap/contracts';
import type { OptionSource, SearchOption, TreeOption } from '../table/types';

export type FormMode = 'add' | 'edit';
/** The multipart uploads answering the stored file: merchant documents, customers' identity photos. */
export type ImageUploadEndpoint = typeof fileApi.upload | typeof identityApi.upload | typeof signUpApi.upload;
/**
 * date: a calendar day (`YYYY-MM-DD`); dateTime: an instant, ISO-8601 UTC to the API, shown in the browser's zone;
 * money: an amount typed as text and sent as the decimal string the contracts' `money` checks, never rounded on the way;
 * tags: a list of short texts (device numbers), each typed or pasted and ended by Enter, a comma, a space or a new line;
 * agent: the merchant a record belongs to, which platform staff must choose (merchant staff do not see it); the form's
 * money inputs show that agent's currency;
 * file: a file chosen on this computer, held as a File until the form is sent (the form's submit uploads it).
 */
export type FormFieldType =
  | 'text'
  | 'password'
  | 'number'
  | 'money'
  | 'select'
  | 'switch'
  | 'textarea'
  | 'treeSelect'
  | 'image'
  | 'date'
  | 'dateTime'
  | 'tags'
  | 'agent'
  | 'file';

export interface FormField<N extends string = string> {
  /** Payload field; its rules come from the same field of the form's schema. */
  name: N;
  labelKey: string;
  type?: FormFieldType;
  /** select: choices; treeSelect: `treeData`. */
  options?: SearchOption[];
  /** select: choices searched on the server as the user types, instead of `options` (values are ids). */
  source?: OptionSource;
  treeData?: TreeOption[];
  multiple?: boolean;
  /** treeSelect: tick boxes that check a whole branch. */
  checkable?: boolean;
  min?: number;
  max?: number;
  precision?: number;
  /** textarea rows; text inputs show a counter when maxLength is set. */
  rows?: number;
  maxLength?: number;
  /** image: the upload answering the stored file (fileApi.upload when not given); the field holds its id. */
  upload?: ImageUploadEndpoint;
  /** image: text fields sent with the file (a customer's photo names the customer). */
  uploadFields?: Record<string, string>;
  /** image: how to show an already stored file. */
  fileUrl?: (id: number) => string;
  /** image: the download (query `id`) streaming a stored file with the session's headers. */
  download?: typeof fileApi.download;
  /** file: the kinds of file offered (the input's `accept`). */
  accept?: string;
  helpKey?: string;
  /** Shown only in these modes (e.g. a password only when adding). */
  modes?: FormMode[];
  /** Read-only in these modes (e.g. a username once created). */
  readOnlyIn?: FormMode[];
}
