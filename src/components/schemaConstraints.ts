import { formatCount } from '../data/format';

/**
 * The constraints of a schema as readers say them (取值范围：0.5 – 2.0, 长度：1 – 5,000 字符),
 * never as schema keywords. One wording for the reference pages (through
 * plugins/adaptations/openapi-schema-wording) and their Markdown form (plugins/features/llms-txt).
 */
export interface ConstrainedSchema {
  type?: string | string[];
  enum?: readonly unknown[];
  items?: ConstrainedSchema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  contentMediaType?: string;
  format?: string;
}

/** One constraint: its label (取值范围) and its value, in Markdown (`code` for literal values). */
export interface Constraint {
  readonly label: string;
  readonly text: string;
}

const literal = (value: unknown): string =>
  `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;

const decimalsOf = (n: number): number => String(n).split('.')[1]?.length ?? 0;

/** Bounds written alike: a number's bounds with as many decimals as the finest (0.5 – 2.0). */
function numbers(schema: ConstrainedSchema, values: number[]): (n: number) => string {
  const decimals = schema.type === 'number' ? Math.max(...values.map(decimalsOf)) : 0;
  return (n) => (decimals > 0 ? n.toFixed(decimals) : formatCount(n));
}

/** `a – b` when both bounds are given, else the one bound in words. */
function span(
  lower: { value: number; exclusive: boolean } | undefined,
  upper: { value: number; exclusive: boolean } | undefined,
  show: (n: number) => string,
  unit = '',
): string | undefined {
  const tail = unit ? ` ${unit}` : '';
  if (lower && upper && !lower.exclusive && !upper.exclusive) {
    return `${show(lower.value)} – ${show(upper.value)}${tail}`;
  }
  const parts = [
    lower && `${lower.exclusive ? '大于' : '不小于'} ${show(lower.value)}${tail}`,
    upper && `${upper.exclusive ? '小于' : '不大于'} ${show(upper.value)}${tail}`,
  ].filter(Boolean);
  return parts.length ? parts.join('，且') : undefined;
}

function bound(
  inclusive: number | undefined,
  exclusive: number | boolean | undefined,
): { value: number; exclusive: boolean } | undefined {
  if (typeof exclusive === 'number') return { value: exclusive, exclusive: true };
  if (inclusive === undefined) return undefined;
  return { value: inclusive, exclusive: exclusive === true };
}

/** A length or a count: `1 – 5,000 字符`, `最多 256 字符`, `不能为空`. */
function extent(
  min: number | undefined,
  max: number | undefined,
  unit: string,
): string | undefined {
  const show = (n: number) => `${formatCount(n)} ${unit}`;
  if (min !== undefined && min > 0 && max !== undefined) {
    return `${formatCount(min)} – ${show(max)}`;
  }
  if (max !== undefined) return `最多 ${show(max)}`;
  if (min === 1) return '不能为空';
  if (min !== undefined && min > 0) return `至少 ${show(min)}`;
  return undefined;
}

export function schemaConstraints(schema: ConstrainedSchema): Constraint[] {
  const out: Constraint[] = [];
  const values = schema.enum ?? schema.items?.enum;
  if (values) out.push({ label: '可选值', text: values.map(literal).join('、') });

  const lower = bound(schema.minimum, schema.exclusiveMinimum);
  const upper = bound(schema.maximum, schema.exclusiveMaximum);
  const range = span(
    lower,
    upper,
    numbers(
      schema,
      [lower?.value, upper?.value].filter((n): n is number => n !== undefined),
    ),
  );
  if (range) out.push({ label: '取值范围', text: range });

  const length = extent(schema.minLength, schema.maxLength, '字符');
  if (length) out.push({ label: '长度', text: length });
  const count = extent(schema.minItems, schema.maxItems, '项');
  if (count) out.push({ label: '项数', text: count });
  if (schema.pattern) out.push({ label: '格式', text: `须匹配 ${literal(schema.pattern)}` });
  return out;
}

/** What a binary body or field holds, by its media type: 音频 for `audio/*`, else 文件. */
export function binaryContent(
  schema: ConstrainedSchema | undefined,
): { kind: string; mediaType: string } | undefined {
  if (!schema || schema.type !== 'string') return undefined;
  const mediaType =
    schema.contentMediaType ??
    (schema.format === 'binary' ? 'application/octet-stream' : undefined);
  if (!mediaType) return undefined;
  return { kind: mediaType.startsWith('audio/') ? '音频' : '文件', mediaType };
}
