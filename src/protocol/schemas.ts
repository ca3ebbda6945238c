/**
 * The AsyncAPI document's message schemas as validators, typed. The validators are Ajv standalone
 * code generated at build time (scripts/gen-protocol-validators.ts, run by `npm run gen-api`), so
 * the browser runs them under the site's Content-Security-Policy (no eval), and the test mock,
 * the simulator and the log checker all check messages with the same code.
 */
import * as generated from '../../.generated/protocol-validators';
import { invalidFieldMessage } from '../data/errors';
import { messageNames as names } from './facts';

export interface SchemaError {
  readonly instancePath: string;
  readonly keyword: string;
  readonly params: Record<string, unknown>;
  readonly message?: string;
  /** The field's schema (the validators are generated with Ajv's `verbose`). */
  readonly parentSchema?: unknown;
}

export interface Validator {
  (data: unknown): boolean;
  errors?: SchemaError[] | null;
}

export type MessageName = (typeof names)[number];
export const messageNames: readonly MessageName[] = names;
export const clientMessageNames = ['generate', 'flush', 'cancel'] as const;
export type ClientMessageName = (typeof clientMessageNames)[number];

const validators = generated as unknown as Record<MessageName, Validator>;

/** The validator of a message type, or undefined for a type the document does not have. */
export function validatorOf(type: string): Validator | undefined {
  return (messageNames as readonly string[]).includes(type)
    ? validators[type as MessageName]
    : undefined;
}

/**
 * The first error of a validator as the API reports it: the field in `param` and the catalogue's
 * wording of an `invalid_request` (src/data/errors.ts), never the validator's own English.
 */
export function schemaError(errors: readonly SchemaError[] | null | undefined): {
  readonly param: string | null;
  readonly message: string;
} {
  const first = errors?.[0];
  const param = errorParam(first);
  return {
    param,
    message: first
      ? invalidFieldMessage(param, first)
      : invalidFieldMessage(param, { keyword: '', params: {} }),
  };
}

/**
 * The request field an error names, as the API names it: `pronunciation_dictionary[2].pinyin`
 * for `/pronunciation_dictionary/2/pinyin`, the missing or unknown property itself for those.
 */
export function errorParam(error: SchemaError | undefined): string | null {
  const path = (error?.instancePath ?? '')
    .split('/')
    .filter(Boolean)
    .map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i > 0 ? `.${part}` : part))
    .join('');
  const params = error?.params as
    { missingProperty?: string; additionalProperty?: string } | undefined;
  return params?.missingProperty ?? params?.additionalProperty ?? (path || null);
}

export {
  audioExampleData,
  closeCauses,
  closeCodes,
  contextIdPattern,
  defaultModelId,
  generateSettingDefaults,
  generateSettings,
  outputFormatDefaults,
  outputFormatValues,
} from './facts';
