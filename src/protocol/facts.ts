/**
 * Facts of the AsyncAPI document the protocol tools need, without its validators: close codes,
 * `output_format` defaults and values, the default model, the `audio` example's data, the
 * `context_id` pattern, the settings a first `generate` fixes and their defaults. Generated at
 * build time by scripts/gen-protocol-validators.ts (`npm run gen-api`).
 */
export {
  audioExampleData,
  closeCauses,
  closeCodes,
  contextIdPattern,
  defaultModelId,
  generateSettingDefaults,
  generateSettings,
  messageNames,
  outputFormatDefaults,
  outputFormatValues,
} from '../../.generated/protocol-facts';
