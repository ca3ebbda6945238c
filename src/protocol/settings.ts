/**
 * The settings a context takes from its first `generate` (D5): a follow-up may repeat one
 * unchanged, a different value is refused. Shared by the protocol model and the log checker.
 */
import { generateSettingDefaults, generateSettings, outputFormatDefaults } from './facts';

type Json = Record<string, unknown>;

/** JSON with object keys sorted: two values are the same setting when these are equal. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Json).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

/** A setting as a message gives it, the document's default filling what it leaves out. */
function settingOf(message: Json, key: string): unknown {
  const value = message[key] ?? generateSettingDefaults[key];
  if (key === 'output_format') return { ...outputFormatDefaults, ...((value as Json) ?? {}) };
  if (key === 'pronunciation_dictionary') return value ?? [];
  return value;
}

/** The first setting (in document order) a follow-up gives with another value, or undefined. */
export function changedSetting(first: Json, followUp: Json): string | undefined {
  return generateSettings.find(
    (key) =>
      followUp[key] !== undefined &&
      canonical(settingOf(followUp, key)) !== canonical(settingOf(first, key)),
  );
}
