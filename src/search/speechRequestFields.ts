import fields from '../../.generated/speech-request-fields.json';
import type { ProtocolField } from '../data/websocketProtocol';

/** The HTTP speech request's fields, as `npm run gen-api` flattens them from the speech spec. */
export const speechRequestFields = fields as ProtocolField[];

/** The values a field accepts (its `可选值` constraint, each written as inline code). */
export const allowedValues = (field: ProtocolField): string[] =>
  field.constraints
    .filter((c) => c.label === '可选值')
    .flatMap((c) => c.text.match(/`([^`]+)`/g) ?? [])
    .map((value) => value.slice(1, -1));
