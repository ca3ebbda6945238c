/**
 * The AsyncAPI document's message schemas as validators, typed. The validators are Ajv standalone
 * code generated at build time (scripts/gen-protocol-validators.ts, run by `npm run gen-api`), so
 * the browser runs them under the site's Content-Security-Policy (no eval), and the test mock,
 * the simulator and the log checker all check messages with the same code.
 */
import * as generated from '../../.generated/protocol-validators';
import { messageNames as names } from './facts';

export interface SchemaError {
  readonly instancePath: string;
  readonly keyword: string;
  readonly params: Record<string, unknown>;
  readonly message?: string;
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

/** Ajv's own wording of a validator's errors (`data/text must NOT have ...`). */
export function errorsText(errors: readonly SchemaError[] | null | undefined): string {
  if (!errors || errors.length === 0) return 'No errors';
  return errors.map((e) => `data${e.instancePath} ${e.message ?? ''}`.trim()).join(', ');
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
