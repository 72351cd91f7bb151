import type { Language } from './envelope.js';

/** The plain changes a screen makes to an object, each written as the action `<prefix>.<verb>`. */
export type PlainVerb = 'add' | 'edit' | 'remove';
export const ADD_EDIT_REMOVE = ['add', 'edit', 'remove'] as const;
export const ADD_EDIT = ['add', 'edit'] as const;

/** An audited object: the plain changes its screens make, and its name in every language. */
export const audited = <const V extends readonly PlainVerb[]>(verbs: V, name: Record<Language, string>) => ({ verbs, name });
